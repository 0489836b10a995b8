-- Narrow invalidation (decision 047).
--
-- 1. Per-location versions of the fixed data. search_rooms_version (migration 0012) still moves with
-- every change of the rooms, locations, areas, tags, opening hours, their periods and closed dates;
-- beside it this table holds, per location, the id of the last transaction that changed that
-- location's part, written by statement triggers in the writing transaction (so the change and its
-- version become visible together to every server process). When search_rooms_version moved, the
-- search's kept rooms (search-rooms-cache.ts) ask which locations' versions are not visible in the
-- snapshot their copy was read under (pg_visible_in_snapshot) and read again only those locations'
-- rooms, hours and closed dates. Row 0 stands for every location: a geographic area's change (its
-- name is on every room of its locations) or a TRUNCATE. A transaction id is never reused.
CREATE TABLE search_location_versions (
  location_id integer PRIMARY KEY,
  version xid8 NOT NULL
);--> statement-breakpoint
CREATE INDEX search_location_versions_version ON search_location_versions (version);--> statement-breakpoint

-- One function per kind of table and event (a transition table names one event): the rows' location
-- (location_id; a location's own id; a tagged room's location), each location once, in order.
CREATE FUNCTION search_location_versions_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_location_versions AS v (location_id, version)
    SELECT DISTINCT x.x, pg_current_xact_id() FROM (SELECT n.location_id AS x FROM new_rows n) x WHERE x.x IS NOT NULL ORDER BY 1
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version WHERE v.version <> excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_location_versions_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_location_versions AS v (location_id, version)
    SELECT DISTINCT x.x, pg_current_xact_id() FROM (SELECT o.location_id AS x FROM old_rows o) x WHERE x.x IS NOT NULL ORDER BY 1
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version WHERE v.version <> excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_location_versions_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_location_versions AS v (location_id, version)
    SELECT DISTINCT x.x, pg_current_xact_id() FROM (SELECT n.location_id AS x FROM new_rows n UNION SELECT o.location_id FROM old_rows o) x WHERE x.x IS NOT NULL ORDER BY 1
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version WHERE v.version <> excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_location_versions_locations_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_location_versions AS v (location_id, version)
    SELECT DISTINCT x.x, pg_current_xact_id() FROM (SELECT n.id AS x FROM new_rows n) x ORDER BY 1
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version WHERE v.version <> excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_location_versions_locations_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_location_versions AS v (location_id, version)
    SELECT DISTINCT x.x, pg_current_xact_id() FROM (SELECT o.id AS x FROM old_rows o) x ORDER BY 1
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version WHERE v.version <> excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_location_versions_locations_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_location_versions AS v (location_id, version)
    SELECT DISTINCT x.x, pg_current_xact_id() FROM (SELECT n.id AS x FROM new_rows n UNION SELECT o.id FROM old_rows o) x ORDER BY 1
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version WHERE v.version <> excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_location_versions_asset_tags_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_location_versions AS v (location_id, version)
    SELECT DISTINCT a.location_id, pg_current_xact_id() FROM (SELECT n.bookable_asset_id AS x FROM new_rows n) x JOIN bookable_assets a ON a.id = x.x ORDER BY 1
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version WHERE v.version <> excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_location_versions_asset_tags_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_location_versions AS v (location_id, version)
    SELECT DISTINCT a.location_id, pg_current_xact_id() FROM (SELECT o.bookable_asset_id AS x FROM old_rows o) x JOIN bookable_assets a ON a.id = x.x ORDER BY 1
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version WHERE v.version <> excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_location_versions_asset_tags_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_location_versions AS v (location_id, version)
    SELECT DISTINCT a.location_id, pg_current_xact_id() FROM (SELECT n.bookable_asset_id AS x FROM new_rows n UNION SELECT o.bookable_asset_id FROM old_rows o) x JOIN bookable_assets a ON a.id = x.x ORDER BY 1
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version WHERE v.version <> excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every location (row 0): a geographic area's change, a TRUNCATE.
CREATE FUNCTION search_location_versions_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_location_versions AS v (location_id, version) VALUES (0, pg_current_xact_id())
  ON CONFLICT (location_id) DO UPDATE SET version = excluded.version WHERE v.version <> excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bookable_assets_location_versions_insert AFTER INSERT ON bookable_assets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_new();--> statement-breakpoint
CREATE TRIGGER bookable_assets_location_versions_update AFTER UPDATE ON bookable_assets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_both();--> statement-breakpoint
CREATE TRIGGER bookable_assets_location_versions_delete AFTER DELETE ON bookable_assets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_old();--> statement-breakpoint
CREATE TRIGGER bookable_assets_location_versions_truncate AFTER TRUNCATE ON bookable_assets
  FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_all();--> statement-breakpoint
CREATE TRIGGER opening_hours_location_versions_insert AFTER INSERT ON opening_hours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_new();--> statement-breakpoint
CREATE TRIGGER opening_hours_location_versions_update AFTER UPDATE ON opening_hours
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_both();--> statement-breakpoint
CREATE TRIGGER opening_hours_location_versions_delete AFTER DELETE ON opening_hours
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_old();--> statement-breakpoint
CREATE TRIGGER opening_hours_location_versions_truncate AFTER TRUNCATE ON opening_hours
  FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_all();--> statement-breakpoint
CREATE TRIGGER opening_hour_periods_location_versions_insert AFTER INSERT ON opening_hour_periods
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_new();--> statement-breakpoint
CREATE TRIGGER opening_hour_periods_location_versions_update AFTER UPDATE ON opening_hour_periods
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_both();--> statement-breakpoint
CREATE TRIGGER opening_hour_periods_location_versions_delete AFTER DELETE ON opening_hour_periods
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_old();--> statement-breakpoint
CREATE TRIGGER opening_hour_periods_location_versions_truncate AFTER TRUNCATE ON opening_hour_periods
  FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_all();--> statement-breakpoint
CREATE TRIGGER closed_dates_location_versions_insert AFTER INSERT ON closed_dates
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_new();--> statement-breakpoint
CREATE TRIGGER closed_dates_location_versions_update AFTER UPDATE ON closed_dates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_both();--> statement-breakpoint
CREATE TRIGGER closed_dates_location_versions_delete AFTER DELETE ON closed_dates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_old();--> statement-breakpoint
CREATE TRIGGER closed_dates_location_versions_truncate AFTER TRUNCATE ON closed_dates
  FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_all();--> statement-breakpoint
CREATE TRIGGER locations_location_versions_insert AFTER INSERT ON locations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_locations_new();--> statement-breakpoint
CREATE TRIGGER locations_location_versions_update AFTER UPDATE ON locations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_locations_both();--> statement-breakpoint
CREATE TRIGGER locations_location_versions_delete AFTER DELETE ON locations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_locations_old();--> statement-breakpoint
CREATE TRIGGER locations_location_versions_truncate AFTER TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_all();--> statement-breakpoint
CREATE TRIGGER asset_tags_location_versions_insert AFTER INSERT ON asset_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_asset_tags_new();--> statement-breakpoint
CREATE TRIGGER asset_tags_location_versions_update AFTER UPDATE ON asset_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_asset_tags_both();--> statement-breakpoint
CREATE TRIGGER asset_tags_location_versions_delete AFTER DELETE ON asset_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_asset_tags_old();--> statement-breakpoint
CREATE TRIGGER asset_tags_location_versions_truncate AFTER TRUNCATE ON asset_tags
  FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_all();--> statement-breakpoint
CREATE TRIGGER geographic_areas_location_versions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON geographic_areas
  FOR EACH STATEMENT EXECUTE FUNCTION search_location_versions_all();--> statement-breakpoint

-- 2. The busy times' changes as a log, instead of one version row per date (migration 0021, dropped
-- here). Every statement that inserts, updates or deletes reservations or blocked times inserts one
-- row per room and date whose search window (the day ± 2 hours as the search reads it; ± 3 here, so a
-- daylight-saving change cannot move a row out) a changed row's period overlaps, with its transaction
-- id. Insert-only: no row is locked and nothing waits, so writers on the same dates neither queue nor
-- deadlock (per-date rows did: decision 031's round close). Each server process remembers the
-- snapshot of its last read and asks for the rows not visible in it (pg_visible_in_snapshot): exactly
-- the changes committed since, whatever order their transactions started or ended in. It drops only
-- the kept answers whose rooms and dates a change touches (search-answer-cache.ts). Room 0 on
-- '-infinity' stands for every room and date: a TRUNCATE.
CREATE TABLE busy_changes (
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  bookable_asset_id integer NOT NULL,
  date date NOT NULL
);--> statement-breakpoint
CREATE INDEX busy_changes_xid ON busy_changes (xid);--> statement-breakpoint

-- The pruning job deletes rows of transactions older than a snapshot taken one run before (below);
-- a process whose last snapshot is older than below drops every kept answer instead of reading the log.
CREATE TABLE busy_changes_pruned (
  id integer PRIMARY KEY CHECK (id = 1),
  below xid8 NOT NULL,
  pending xid8 NOT NULL
);--> statement-breakpoint
INSERT INTO busy_changes_pruned (id, below, pending) VALUES (1, '0', pg_snapshot_xmin(pg_current_snapshot()));--> statement-breakpoint

CREATE FUNCTION busy_changes_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO busy_changes (bookable_asset_id, date)
    SELECT DISTINCT x.bookable_asset_id, d::date
    FROM new_rows x, generate_series((((lower(x.period) - interval '3 hours') at time zone 'Europe/Oslo')::date), (((upper(x.period) + interval '3 hours') at time zone 'Europe/Oslo')::date), interval '1 day') AS d;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION busy_changes_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO busy_changes (bookable_asset_id, date)
    SELECT DISTINCT x.bookable_asset_id, d::date
    FROM old_rows x, generate_series((((lower(x.period) - interval '3 hours') at time zone 'Europe/Oslo')::date), (((upper(x.period) + interval '3 hours') at time zone 'Europe/Oslo')::date), interval '1 day') AS d;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION busy_changes_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO busy_changes (bookable_asset_id, date)
    SELECT DISTINCT x.bookable_asset_id, d::date
    FROM (SELECT n.bookable_asset_id, n.period FROM new_rows n UNION ALL SELECT o.bookable_asset_id, o.period FROM old_rows o) x,
      generate_series((((lower(x.period) - interval '3 hours') at time zone 'Europe/Oslo')::date), (((upper(x.period) + interval '3 hours') at time zone 'Europe/Oslo')::date), interval '1 day') AS d;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION busy_changes_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO busy_changes (bookable_asset_id, date) VALUES (0, '-infinity');
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Reservations: the search reads only active ones (UNPROCESSED, APPROVED), so only their rows count;
-- an update counts where a row's room, period or activeness changed (an approval, a note: nothing),
-- its old side when it was active, its new side when it is.
CREATE FUNCTION busy_changes_reservations_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO busy_changes (bookable_asset_id, date)
    SELECT DISTINCT x.bookable_asset_id, d::date
    FROM new_rows x, generate_series((((lower(x.period) - interval '3 hours') at time zone 'Europe/Oslo')::date), (((upper(x.period) + interval '3 hours') at time zone 'Europe/Oslo')::date), interval '1 day') AS d
    WHERE x.status IN ('UNPROCESSED', 'APPROVED');
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION busy_changes_reservations_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO busy_changes (bookable_asset_id, date)
    SELECT DISTINCT x.bookable_asset_id, d::date
    FROM old_rows x, generate_series((((lower(x.period) - interval '3 hours') at time zone 'Europe/Oslo')::date), (((upper(x.period) + interval '3 hours') at time zone 'Europe/Oslo')::date), interval '1 day') AS d
    WHERE x.status IN ('UNPROCESSED', 'APPROVED');
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION busy_changes_reservations_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO busy_changes (bookable_asset_id, date)
    SELECT DISTINCT x.bookable_asset_id, d::date
    FROM (
      SELECT c.bookable_asset_id, c.period, c.active FROM (
        SELECT n.bookable_asset_id, n.period, n.status IN ('UNPROCESSED', 'APPROVED') AS active,
          (o.bookable_asset_id, o.period, o.status IN ('UNPROCESSED', 'APPROVED')) IS DISTINCT FROM
          (n.bookable_asset_id, n.period, n.status IN ('UNPROCESSED', 'APPROVED')) AS changed
        FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
        UNION ALL
        SELECT o.bookable_asset_id, o.period, o.status IN ('UNPROCESSED', 'APPROVED'),
          n.id IS NULL OR (o.bookable_asset_id, o.period, o.status IN ('UNPROCESSED', 'APPROVED')) IS DISTINCT FROM
          (n.bookable_asset_id, n.period, n.status IN ('UNPROCESSED', 'APPROVED'))
        FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
      ) c WHERE c.changed AND c.active
    ) x, generate_series((((lower(x.period) - interval '3 hours') at time zone 'Europe/Oslo')::date), (((upper(x.period) + interval '3 hours') at time zone 'Europe/Oslo')::date), interval '1 day') AS d;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER reservations_busy_changes_insert AFTER INSERT ON reservations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION busy_changes_reservations_new();--> statement-breakpoint
CREATE TRIGGER reservations_busy_changes_update AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION busy_changes_reservations_both();--> statement-breakpoint
CREATE TRIGGER reservations_busy_changes_delete AFTER DELETE ON reservations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION busy_changes_reservations_old();--> statement-breakpoint
CREATE TRIGGER reservations_busy_changes_truncate AFTER TRUNCATE ON reservations
  FOR EACH STATEMENT EXECUTE FUNCTION busy_changes_all();--> statement-breakpoint
CREATE TRIGGER blocked_times_busy_changes_insert AFTER INSERT ON blocked_times
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION busy_changes_new();--> statement-breakpoint
CREATE TRIGGER blocked_times_busy_changes_update AFTER UPDATE ON blocked_times
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION busy_changes_both();--> statement-breakpoint
CREATE TRIGGER blocked_times_busy_changes_delete AFTER DELETE ON blocked_times
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION busy_changes_old();--> statement-breakpoint
CREATE TRIGGER blocked_times_busy_changes_truncate AFTER TRUNCATE ON blocked_times
  FOR EACH STATEMENT EXECUTE FUNCTION busy_changes_all();--> statement-breakpoint

-- The per-date versions are no longer read.
DROP TRIGGER reservations_search_date_versions_insert ON reservations;--> statement-breakpoint
DROP TRIGGER reservations_search_date_versions_update ON reservations;--> statement-breakpoint
DROP TRIGGER reservations_search_date_versions_delete ON reservations;--> statement-breakpoint
DROP TRIGGER reservations_search_date_versions_truncate ON reservations;--> statement-breakpoint
DROP TRIGGER blocked_times_search_date_versions_insert ON blocked_times;--> statement-breakpoint
DROP TRIGGER blocked_times_search_date_versions_update ON blocked_times;--> statement-breakpoint
DROP TRIGGER blocked_times_search_date_versions_delete ON blocked_times;--> statement-breakpoint
DROP TRIGGER blocked_times_search_date_versions_truncate ON blocked_times;--> statement-breakpoint
DROP FUNCTION search_date_versions_bump_new();--> statement-breakpoint
DROP FUNCTION search_date_versions_bump_old();--> statement-breakpoint
DROP FUNCTION search_date_versions_bump_both();--> statement-breakpoint
DROP FUNCTION search_date_versions_bump_all();--> statement-breakpoint
DROP TABLE search_date_versions;
