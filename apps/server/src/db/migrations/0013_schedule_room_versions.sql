-- GET /api/schedule keeps its public answers in memory (modules/schedule/schedule-cache.ts). An
-- answer depends on the rooms' fixed data, whose version search_rooms_version already holds
-- (migration 0012: rooms, locations, areas, tags, opening hours, closed dates), and on the rooms'
-- reservations and blocked times, whose version per room this table holds: every statement that
-- inserts, updates or deletes reservations or blocked times stores its transaction's id on each room
-- it touched (before and after an update), in the writing transaction, so the change and the new
-- version become visible together to every server process. Row 0 stands for every room: a TRUNCATE
-- of either table moves it. A transaction id is never reused, so a version never comes back.
-- Statement triggers with transition tables: one upsert per statement and room, also for bulk loads.
CREATE TABLE schedule_room_versions (
  bookable_asset_id integer PRIMARY KEY,
  version bigint NOT NULL
);--> statement-breakpoint

CREATE FUNCTION schedule_room_versions_bump_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_room_versions AS v (bookable_asset_id, version)
    SELECT DISTINCT n.bookable_asset_id, txid_current() FROM new_rows n ORDER BY 1
  ON CONFLICT (bookable_asset_id) DO UPDATE SET version = excluded.version WHERE v.version IS DISTINCT FROM excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION schedule_room_versions_bump_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_room_versions AS v (bookable_asset_id, version)
    SELECT DISTINCT o.bookable_asset_id, txid_current() FROM old_rows o ORDER BY 1
  ON CONFLICT (bookable_asset_id) DO UPDATE SET version = excluded.version WHERE v.version IS DISTINCT FROM excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION schedule_room_versions_bump_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_room_versions AS v (bookable_asset_id, version)
    SELECT x.bookable_asset_id, txid_current()
    FROM (SELECT n.bookable_asset_id FROM new_rows n UNION SELECT o.bookable_asset_id FROM old_rows o) x ORDER BY 1
  ON CONFLICT (bookable_asset_id) DO UPDATE SET version = excluded.version WHERE v.version IS DISTINCT FROM excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION schedule_room_versions_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_room_versions AS v (bookable_asset_id, version) VALUES (0, txid_current())
  ON CONFLICT (bookable_asset_id) DO UPDATE SET version = excluded.version WHERE v.version IS DISTINCT FROM excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER reservations_schedule_versions_insert AFTER INSERT ON reservations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_room_versions_bump_new();--> statement-breakpoint
CREATE TRIGGER reservations_schedule_versions_update AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_room_versions_bump_both();--> statement-breakpoint
CREATE TRIGGER reservations_schedule_versions_delete AFTER DELETE ON reservations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_room_versions_bump_old();--> statement-breakpoint
CREATE TRIGGER reservations_schedule_versions_truncate AFTER TRUNCATE ON reservations
  FOR EACH STATEMENT EXECUTE FUNCTION schedule_room_versions_bump_all();--> statement-breakpoint
CREATE TRIGGER blocked_times_schedule_versions_insert AFTER INSERT ON blocked_times
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_room_versions_bump_new();--> statement-breakpoint
CREATE TRIGGER blocked_times_schedule_versions_update AFTER UPDATE ON blocked_times
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_room_versions_bump_both();--> statement-breakpoint
CREATE TRIGGER blocked_times_schedule_versions_delete AFTER DELETE ON blocked_times
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION schedule_room_versions_bump_old();--> statement-breakpoint
CREATE TRIGGER blocked_times_schedule_versions_truncate AFTER TRUNCATE ON blocked_times
  FOR EACH STATEMENT EXECUTE FUNCTION schedule_room_versions_bump_all();
