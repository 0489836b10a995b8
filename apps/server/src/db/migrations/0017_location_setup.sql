-- Issue #13, decision 015: a city sets up its own locations. City-wide administrators, invitations to a
-- new location's wizard, the wizard's step states, practical information for tenants, the audit log,
-- seasonal opening-hour periods (several intervals a weekday: the one-per-day constraint goes) and
-- closed dates entered as ranges (their days stay rows of closed_dates, which the rules read).
CREATE TABLE "city_admins" (
	"email" text PRIMARY KEY NOT NULL,
	CONSTRAINT "city_admins_email_lower" CHECK ("city_admins"."email" = lower("city_admins"."email"))
);
--> statement-breakpoint
CREATE TABLE "closed_date_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closed_date_ranges_order" CHECK ("closed_date_ranges"."to_date" >= "closed_date_ranges"."from_date")
);
--> statement-breakpoint
CREATE TABLE "location_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "location_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"location_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_by_user_id" integer,
	"used_at" timestamp with time zone,
	CONSTRAINT "location_invitations_link_id_unique" UNIQUE("link_id"),
	CONSTRAINT "location_invitations_email_lower" CHECK ("location_invitations"."email" = lower("location_invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "location_setup_steps" (
	"location_id" integer NOT NULL,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_setup_steps_location_id_step_pk" PRIMARY KEY("location_id","step"),
	CONSTRAINT "location_setup_steps_status" CHECK ("location_setup_steps"."status" in ('STARTED', 'SAVED'))
);
--> statement-breakpoint
CREATE TABLE "location_tenant_info" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"heading" text NOT NULL,
	"description" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_hour_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	CONSTRAINT "opening_hour_periods_order" CHECK ("opening_hour_periods"."to_date" >= "opening_hour_periods"."from_date")
);
--> statement-breakpoint
ALTER TABLE "opening_hours" DROP CONSTRAINT "opening_hours_one_per_day";--> statement-breakpoint
ALTER TABLE "closed_dates" ADD COLUMN "range_id" integer;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD COLUMN "period_id" integer;--> statement-breakpoint
ALTER TABLE "closed_date_ranges" ADD CONSTRAINT "closed_date_ranges_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_audit_log" ADD CONSTRAINT "location_audit_log_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_audit_log" ADD CONSTRAINT "location_audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_invitations" ADD CONSTRAINT "location_invitations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_invitations" ADD CONSTRAINT "location_invitations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_invitations" ADD CONSTRAINT "location_invitations_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_setup_steps" ADD CONSTRAINT "location_setup_steps_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_tenant_info" ADD CONSTRAINT "location_tenant_info_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hour_periods" ADD CONSTRAINT "opening_hour_periods_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closed_date_ranges_location" ON "closed_date_ranges" USING btree ("location_id","from_date");--> statement-breakpoint
CREATE INDEX "location_audit_log_location" ON "location_audit_log" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "location_invitations_location" ON "location_invitations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "opening_hour_periods_location" ON "opening_hour_periods" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "closed_dates" ADD CONSTRAINT "closed_dates_range_id_closed_date_ranges_id_fk" FOREIGN KEY ("range_id") REFERENCES "public"."closed_date_ranges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_period_id_opening_hour_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."opening_hour_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opening_hours_location" ON "opening_hours" USING btree ("location_id");--> statement-breakpoint
-- A period's dates change which hours apply: the search's and schedule's kept copies must see it.
CREATE TRIGGER opening_hour_periods_search_rooms_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON opening_hour_periods
  FOR EACH STATEMENT EXECUTE FUNCTION search_rooms_version_bump();--> statement-breakpoint
-- Closed days written before ranges existed become one-day ranges, so the administrator sees and can remove them.
WITH ranges AS (
  INSERT INTO closed_date_ranges (location_id, from_date, to_date, reason)
  SELECT location_id, date, date, reason FROM closed_dates RETURNING id, location_id, from_date
)
UPDATE closed_dates c SET range_id = ranges.id FROM ranges WHERE c.location_id = ranges.location_id AND c.date = ranges.from_date;
