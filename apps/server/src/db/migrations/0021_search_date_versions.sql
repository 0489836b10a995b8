-- The city-wide search keeps its answers in memory (modules/search/search-answer-cache.ts). An answer
-- depends on the rooms' fixed data, whose version search_rooms_version holds (migration 0012), and on
-- the reservations and blocked times of every room on the searched dates, whose version per date this
-- table holds: every statement that inserts, updates or deletes reservations or blocked times stores
-- its transaction's id on each date whose search window (the date's day widened by two hours on each
-- side, as the search reads it; three here, so a daylight-saving change cannot move a row out) the
-- row's period overlaps, before and after an update, in the writing
-- transaction, so the change and the new version become visible together to every server process.
-- The row for '-infinity' stands for every date: a TRUNCATE of either table moves it. A transaction
-- id is never reused, so a version never comes back. Statement triggers with transition tables: one
-- upsert per statement and date, also for bulk loads; dates in order, so writers lock them in order.
CREATE TABLE search_date_versions (
  date date PRIMARY KEY,
  version bigint NOT NULL
);--> statement-breakpoint

CREATE FUNCTION search_date_versions_bump_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_date_versions AS v (date, version)
    SELECT DISTINCT d::date, txid_current()
    FROM new_rows n, generate_series(((lower(n.period) - interval '3 hours') at time zone 'Europe/Oslo')::date,
      ((upper(n.period) + interval '3 hours') at time zone 'Europe/Oslo')::date, interval '1 day') AS d
    ORDER BY 1
  ON CONFLICT (date) DO UPDATE SET version = excluded.version WHERE v.version IS DISTINCT FROM excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION search_date_versions_bump_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_date_versions AS v (date, version)
    SELECT DISTINCT d::date, txid_current()
    FROM old_rows o, generate_series(((lower(o.period) - interval '3 hours') at time zone 'Europe/Oslo')::date,
      ((upper(o.period) + interval '3 hours') at time zone 'Europe/Oslo')::date, interval '1 day') AS d
    ORDER BY 1
  ON CONFLICT (date) DO UPDATE SET version = excluded.version WHERE v.version IS DISTINCT FROM excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION search_date_versions_bump_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_date_versions AS v (date, version)
    SELECT DISTINCT d::date, txid_current()
    FROM (SELECT n.period FROM new_rows n UNION ALL SELECT o.period FROM old_rows o) x,
      generate_series(((lower(x.period) - interval '3 hours') at time zone 'Europe/Oslo')::date,
      ((upper(x.period) + interval '3 hours') at time zone 'Europe/Oslo')::date, interval '1 day') AS d
    ORDER BY 1
  ON CONFLICT (date) DO UPDATE SET version = excluded.version WHERE v.version IS DISTINCT FROM excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION search_date_versions_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_date_versions AS v (date, version) VALUES ('-infinity', txid_current())
  ON CONFLICT (date) DO UPDATE SET version = excluded.version WHERE v.version IS DISTINCT FROM excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER reservations_search_date_versions_insert AFTER INSERT ON reservations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_date_versions_bump_new();--> statement-breakpoint
CREATE TRIGGER reservations_search_date_versions_update AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_date_versions_bump_both();--> statement-breakpoint
CREATE TRIGGER reservations_search_date_versions_delete AFTER DELETE ON reservations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_date_versions_bump_old();--> statement-breakpoint
CREATE TRIGGER reservations_search_date_versions_truncate AFTER TRUNCATE ON reservations
  FOR EACH STATEMENT EXECUTE FUNCTION search_date_versions_bump_all();--> statement-breakpoint
CREATE TRIGGER blocked_times_search_date_versions_insert AFTER INSERT ON blocked_times
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_date_versions_bump_new();--> statement-breakpoint
CREATE TRIGGER blocked_times_search_date_versions_update AFTER UPDATE ON blocked_times
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_date_versions_bump_both();--> statement-breakpoint
CREATE TRIGGER blocked_times_search_date_versions_delete AFTER DELETE ON blocked_times
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_date_versions_bump_old();--> statement-breakpoint
CREATE TRIGGER blocked_times_search_date_versions_truncate AFTER TRUNCATE ON blocked_times
  FOR EACH STATEMENT EXECUTE FUNCTION search_date_versions_bump_all();
