CREATE TYPE "public"."round_status" AS ENUM('OPEN', 'CLOSING', 'CLOSED');--> statement-breakpoint
CREATE TYPE "public"."wish_decision" AS ENUM('UNDECIDED', 'ASKED', 'OTHER', 'NONE');--> statement-breakpoint
ALTER TYPE "public"."reservation_status" ADD VALUE 'IN_ROUND';--> statement-breakpoint
CREATE TABLE "application_round_locations" (
	"round_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"semester_start" date NOT NULL,
	"semester_end" date NOT NULL,
	CONSTRAINT "application_round_locations_round_id_location_id_pk" PRIMARY KEY("round_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "application_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"application_start" date NOT NULL,
	"deadline" date NOT NULL,
	"semester_start" date NOT NULL,
	"semester_end" date NOT NULL,
	"status" "round_status" DEFAULT 'OPEN' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closing_started_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "application_rounds_dates" CHECK ("application_rounds"."application_start" <= "application_rounds"."deadline" and "application_rounds"."deadline" < "application_rounds"."semester_start" and "application_rounds"."semester_start" <= "application_rounds"."semester_end")
);
--> statement-breakpoint
CREATE TABLE "round_wishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"bookable_asset_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"date_count" integer NOT NULL,
	"decision" "wish_decision" DEFAULT 'UNDECIDED' NOT NULL,
	"alloc_asset_id" integer,
	"alloc_weekday" smallint,
	"alloc_start_minute" integer,
	"alloc_end_minute" integer,
	"reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by_name" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "round_wishes_weekday" CHECK ("round_wishes"."weekday" between 1 and 7 and ("round_wishes"."alloc_weekday" is null or "round_wishes"."alloc_weekday" between 1 and 7)),
	CONSTRAINT "round_wishes_minutes" CHECK (0 <= "round_wishes"."start_minute" and "round_wishes"."start_minute" < "round_wishes"."end_minute" and "round_wishes"."end_minute" <= 1440),
	CONSTRAINT "round_wishes_allocation" CHECK (("round_wishes"."decision" in ('ASKED', 'OTHER')) = ("round_wishes"."alloc_asset_id" is not null and "round_wishes"."alloc_weekday" is not null and "round_wishes"."alloc_start_minute" is not null and "round_wishes"."alloc_end_minute" is not null)
    and ("round_wishes"."alloc_start_minute" is null or (0 <= "round_wishes"."alloc_start_minute" and "round_wishes"."alloc_start_minute" < "round_wishes"."alloc_end_minute" and "round_wishes"."alloc_end_minute" <= 1440)))
);
--> statement-breakpoint
ALTER TABLE "application_round_locations" ADD CONSTRAINT "application_round_locations_round_id_application_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."application_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_round_locations" ADD CONSTRAINT "application_round_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_rounds" ADD CONSTRAINT "application_rounds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_wishes" ADD CONSTRAINT "round_wishes_round_id_application_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."application_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_wishes" ADD CONSTRAINT "round_wishes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_wishes" ADD CONSTRAINT "round_wishes_bookable_asset_id_bookable_assets_id_fk" FOREIGN KEY ("bookable_asset_id") REFERENCES "public"."bookable_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_wishes" ADD CONSTRAINT "round_wishes_alloc_asset_id_bookable_assets_id_fk" FOREIGN KEY ("alloc_asset_id") REFERENCES "public"."bookable_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_round_locations_location" ON "application_round_locations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "round_wishes_round_asset" ON "round_wishes" USING btree ("round_id","bookable_asset_id");--> statement-breakpoint
CREATE INDEX "round_wishes_round_alloc_asset" ON "round_wishes" USING btree ("round_id","alloc_asset_id");--> statement-breakpoint
CREATE INDEX "round_wishes_booking" ON "round_wishes" USING btree ("booking_id");--> statement-breakpoint
-- Issue 17 (decision 029): two rounds of one location never cover overlapping semesters, and two
-- wishes of a round are never allocated overlapping times of one room on one weekday. The database
-- refuses both under any concurrency; the services check first for a friendly message.
ALTER TABLE "application_round_locations" ADD CONSTRAINT "application_round_locations_no_overlap"
  EXCLUDE USING gist ("location_id" WITH =, daterange("semester_start", "semester_end", '[]') WITH &&);--> statement-breakpoint
ALTER TABLE "round_wishes" ADD CONSTRAINT "round_wishes_no_double_allocation"
  EXCLUDE USING gist ("round_id" WITH =, "alloc_asset_id" WITH =, "alloc_weekday" WITH =, int4range("alloc_start_minute", "alloc_end_minute") WITH &&)
  WHERE ("decision" IN ('ASKED', 'OTHER'));
