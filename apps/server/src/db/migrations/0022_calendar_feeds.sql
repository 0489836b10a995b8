CREATE TYPE "public"."calendar_feed_kind" AS ENUM('PERSON', 'ORGANIZATION', 'LOCATION');--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "calendar_feed_kind" NOT NULL,
	"user_id" integer,
	"organization_number" text,
	"location_id" integer,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_owner" CHECK (("calendar_feeds"."kind" = 'PERSON' and "calendar_feeds"."user_id" is not null and "calendar_feeds"."organization_number" is null and "calendar_feeds"."location_id" is null)
    or ("calendar_feeds"."kind" = 'ORGANIZATION' and "calendar_feeds"."organization_number" is not null and "calendar_feeds"."user_id" is null and "calendar_feeds"."location_id" is null)
    or ("calendar_feeds"."kind" = 'LOCATION' and "calendar_feeds"."location_id" is not null and "calendar_feeds"."user_id" is null and "calendar_feeds"."organization_number" is null))
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_person" ON "calendar_feeds" USING btree ("user_id") WHERE "calendar_feeds"."kind" = 'PERSON';--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_organization" ON "calendar_feeds" USING btree ("organization_number") WHERE "calendar_feeds"."kind" = 'ORGANIZATION';--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_location" ON "calendar_feeds" USING btree ("location_id") WHERE "calendar_feeds"."kind" = 'LOCATION';--> statement-breakpoint
-- The calendar feeds' SEQUENCE (issue 16, decision 024): the database raises a reservation's
-- revision whenever its room, time or status changes, whichever code path writes it, and keeps
-- updated_at (the feed's DTSTAMP/LAST-MODIFIED) moving with it.
CREATE FUNCTION reservations_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.bookable_asset_id, NEW.date, NEW.start_time, NEW.duration_minutes, NEW.status)
     IS DISTINCT FROM (OLD.bookable_asset_id, OLD.date, OLD.start_time, OLD.duration_minutes, OLD.status) THEN
    NEW.revision := OLD.revision + 1;
    IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN NEW.updated_at := now(); END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER reservations_revision BEFORE UPDATE ON reservations FOR EACH ROW EXECUTE FUNCTION reservations_revision();
