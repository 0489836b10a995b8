CREATE TABLE "free_slot_alert_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_slot_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"bookable_asset_id" integer,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"time_from" time,
	"time_to" time,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "free_slot_alerts_range" CHECK ("free_slot_alerts"."to_date" >= "free_slot_alerts"."from_date"),
	CONSTRAINT "free_slot_alerts_times" CHECK (("free_slot_alerts"."time_from" is null) = ("free_slot_alerts"."time_to" is null) and ("free_slot_alerts"."time_to" is null or "free_slot_alerts"."time_to" > "free_slot_alerts"."time_from"))
);
--> statement-breakpoint
CREATE TABLE "free_slot_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"bookable_asset_id" integer,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"weekday" smallint,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_slot_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"bookable_asset_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_slot_notices_once" UNIQUE("alert_id","bookable_asset_id","date","start_minute","end_minute")
);
--> statement-breakpoint
ALTER TABLE "free_slot_alert_mails" ADD CONSTRAINT "free_slot_alert_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_slot_alerts" ADD CONSTRAINT "free_slot_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_slot_alerts" ADD CONSTRAINT "free_slot_alerts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_slot_alerts" ADD CONSTRAINT "free_slot_alerts_bookable_asset_id_bookable_assets_id_fk" FOREIGN KEY ("bookable_asset_id") REFERENCES "public"."bookable_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_slot_notices" ADD CONSTRAINT "free_slot_notices_alert_id_free_slot_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."free_slot_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_slot_notices" ADD CONSTRAINT "free_slot_notices_bookable_asset_id_bookable_assets_id_fk" FOREIGN KEY ("bookable_asset_id") REFERENCES "public"."bookable_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_slot_notices" ADD CONSTRAINT "free_slot_notices_mail_id_free_slot_alert_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."free_slot_alert_mails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_slot_alert_mails_user" ON "free_slot_alert_mails" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "free_slot_alerts_user" ON "free_slot_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "free_slot_alerts_location" ON "free_slot_alerts" USING btree ("location_id","to_date");--> statement-breakpoint
CREATE INDEX "free_slot_notices_pending" ON "free_slot_notices" USING btree ("status");--> statement-breakpoint
-- Free-time alerts (issue 16): every writer that can make time bookable again — a reservation leaving
-- the active statuses (cancelled, auto-rejected, rejected) or moved or deleted, a blocked time removed
-- or moved, a closed date removed, an opening hour added or changed — records the time in
-- free_slot_events in its own transaction, but only while an active alert covers that location and
-- date. Statement triggers with transition tables, like migrations 0011 and 0013. The job
-- `free-slot-alerts` matches the events against the alerts and checks each piece with the rule
-- engine at send time.
CREATE FUNCTION free_slot_events_from_reservations_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO free_slot_events (location_id, bookable_asset_id, from_date, to_date, weekday, start_minute, end_minute, cause)
    SELECT ba.location_id, o.bookable_asset_id, o.date, o.date, NULL,
           (extract(epoch FROM o.start_time) / 60)::int,
           least(1440, (extract(epoch FROM o.start_time) / 60)::int + o.duration_minutes),
           'reservations'
    FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    JOIN bookable_assets ba ON ba.id = o.bookable_asset_id
    WHERE o.status IN ('UNPROCESSED', 'APPROVED')
      AND (n.status NOT IN ('UNPROCESSED', 'APPROVED') OR n.bookable_asset_id <> o.bookable_asset_id OR n.date <> o.date OR n.start_time <> o.start_time
           OR n.duration_minutes < o.duration_minutes)
      AND EXISTS (SELECT 1 FROM free_slot_alerts a
                  WHERE a.location_id = ba.location_id AND a.ended_at IS NULL AND a.from_date <= o.date AND a.to_date >= o.date);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION free_slot_events_from_reservations_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO free_slot_events (location_id, bookable_asset_id, from_date, to_date, weekday, start_minute, end_minute, cause)
    SELECT ba.location_id, o.bookable_asset_id, o.date, o.date, NULL,
           (extract(epoch FROM o.start_time) / 60)::int,
           least(1440, (extract(epoch FROM o.start_time) / 60)::int + o.duration_minutes),
           'reservations'
    FROM old_rows o
    JOIN bookable_assets ba ON ba.id = o.bookable_asset_id
    WHERE o.status IN ('UNPROCESSED', 'APPROVED')
      AND EXISTS (SELECT 1 FROM free_slot_alerts a
                  WHERE a.location_id = ba.location_id AND a.ended_at IS NULL AND a.from_date <= o.date AND a.to_date >= o.date);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION free_slot_events_from_blocked_times_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO free_slot_events (location_id, bookable_asset_id, from_date, to_date, weekday, start_minute, end_minute, cause)
    SELECT ba.location_id, o.bookable_asset_id, o.date, o.date, NULL,
           (extract(epoch FROM o.start_time) / 60)::int,
           least(1440, (extract(epoch FROM o.start_time) / 60)::int + o.duration_minutes),
           'blocked_times'
    FROM old_rows o
    JOIN new_rows n ON n.id = o.id
    JOIN bookable_assets ba ON ba.id = o.bookable_asset_id
    WHERE TRUE
      AND (FALSE OR n.bookable_asset_id <> o.bookable_asset_id OR n.date <> o.date OR n.start_time <> o.start_time
           OR n.duration_minutes < o.duration_minutes)
      AND EXISTS (SELECT 1 FROM free_slot_alerts a
                  WHERE a.location_id = ba.location_id AND a.ended_at IS NULL AND a.from_date <= o.date AND a.to_date >= o.date);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION free_slot_events_from_blocked_times_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO free_slot_events (location_id, bookable_asset_id, from_date, to_date, weekday, start_minute, end_minute, cause)
    SELECT ba.location_id, o.bookable_asset_id, o.date, o.date, NULL,
           (extract(epoch FROM o.start_time) / 60)::int,
           least(1440, (extract(epoch FROM o.start_time) / 60)::int + o.duration_minutes),
           'blocked_times'
    FROM old_rows o
    JOIN bookable_assets ba ON ba.id = o.bookable_asset_id
    WHERE TRUE
      AND EXISTS (SELECT 1 FROM free_slot_alerts a
                  WHERE a.location_id = ba.location_id AND a.ended_at IS NULL AND a.from_date <= o.date AND a.to_date >= o.date);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION free_slot_events_from_closed_dates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO free_slot_events (location_id, bookable_asset_id, from_date, to_date, weekday, start_minute, end_minute, cause)
    SELECT o.location_id, NULL, o.date, o.date, NULL, 0, 1440, 'closed_dates'
    FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM free_slot_alerts a
                  WHERE a.location_id = o.location_id AND a.ended_at IS NULL AND a.from_date <= o.date AND a.to_date >= o.date);
  RETURN NULL;
END
$$;--> statement-breakpoint

-- An opening hour written (the settings replace a weekday's rows): its weekday and hours from today on,
-- for a seasonal period only its dates. Whether the time really is bookable is for the job to check.
CREATE FUNCTION free_slot_events_from_opening_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO free_slot_events (location_id, bookable_asset_id, from_date, to_date, weekday, start_minute, end_minute, cause)
    SELECT n.location_id, n.bookable_asset_id,
           greatest(coalesce(p.from_date, d.today), d.today), coalesce(p.to_date, d.today + 3660), n.weekday,
           (extract(epoch FROM n.opens) / 60)::int, (extract(epoch FROM n.closes) / 60)::int, 'opening_hours'
    FROM new_rows n
    CROSS JOIN (SELECT (now() AT TIME ZONE 'Europe/Oslo')::date AS today) d
    LEFT JOIN opening_hour_periods p ON p.id = n.period_id
    WHERE EXISTS (SELECT 1 FROM free_slot_alerts a
                  WHERE a.location_id = n.location_id AND a.ended_at IS NULL AND a.to_date >= d.today);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER reservations_free_slot_events_update AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION free_slot_events_from_reservations_moved();--> statement-breakpoint
CREATE TRIGGER reservations_free_slot_events_delete AFTER DELETE ON reservations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION free_slot_events_from_reservations_deleted();--> statement-breakpoint
CREATE TRIGGER blocked_times_free_slot_events_update AFTER UPDATE ON blocked_times
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION free_slot_events_from_blocked_times_moved();--> statement-breakpoint
CREATE TRIGGER blocked_times_free_slot_events_delete AFTER DELETE ON blocked_times
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION free_slot_events_from_blocked_times_deleted();--> statement-breakpoint
CREATE TRIGGER closed_dates_free_slot_events_delete AFTER DELETE ON closed_dates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION free_slot_events_from_closed_dates();--> statement-breakpoint
CREATE TRIGGER opening_hours_free_slot_events_insert AFTER INSERT ON opening_hours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION free_slot_events_from_opening_hours();--> statement-breakpoint
CREATE TRIGGER opening_hours_free_slot_events_update AFTER UPDATE ON opening_hours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION free_slot_events_from_opening_hours();
