-- The longest time that fits in a busy room-date (decision 052).
--
-- The city-wide search read every busy room-date's sums (room_day_busy, 0010/0011) of its dates and
-- tested each in SQL (decision 046): its cost grew with the busy room-dates, though only the few where
-- the duration does not fit matter. Each row now also keeps `fit`: the longest run of minutes, from a
-- start on the 15-minute grid, that no busy piece touches inside the room's open span for the date's
-- weekday — exactly what the rules compute on an ordinary date — or -1 where that is not known: no span,
-- a date of 23 or 25 hours, a piece whose wall-clock minutes and instants differ (across a
-- daylight-saving change). An index on (date, fit) gives the search only the room-dates where its
-- duration does not fit, and on an ordinary date such a row decides the date without its pieces.
--
-- The open span (room_open_spans) is a weekday's one interval when every week of the room's hours that
-- opens that day — the standard week and each seasonal period, the room's own hours before its
-- location's — opens it once and at the same times, on the grid (start rounded up, end down, as the
-- rules round them). A week closed that weekday is left out (a date it rules is closed whatever is
-- booked). So on every open date of the weekday the span is the date's opening hours.
--
-- Kept in the writing transaction: the busy triggers refit the room-dates they touch, and a change of
-- opening hours (or a room's location) computes the rooms' spans again and refits all their rows.

ALTER TABLE room_day_busy ADD COLUMN fit smallint NOT NULL DEFAULT -1;--> statement-breakpoint

CREATE TABLE room_open_spans (
  bookable_asset_id integer NOT NULL,
  weekday smallint NOT NULL,
  start_minute smallint NOT NULL,
  end_minute smallint NOT NULL,
  CONSTRAINT room_open_spans_pkey PRIMARY KEY (bookable_asset_id, weekday)
);--> statement-breakpoint
ALTER TABLE "room_open_spans" ADD CONSTRAINT "room_open_spans_bookable_asset_id_bookable_assets_id_fk" FOREIGN KEY ("bookable_asset_id") REFERENCES "public"."bookable_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- Sets `fit` of these (room, date) pairs (parallel arrays; repeats allowed) from their pieces and spans.
-- One pass: each pair with its pieces (none: the whole span is free), so no join of aggregates that a
-- planner without statistics (a new database, a bulk statement) could turn into a loop over loops.
-- PL/pgSQL keeps the statement's plan between calls: the booking path pays no planning for it.
CREATE FUNCTION room_day_busy_refit(rooms integer[], dates date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF rooms IS NULL OR cardinality(rooms) = 0 THEN RETURN; END IF;
  WITH days AS MATERIALIZED (
    SELECT p.room, p.date, s.earliest,
      tstzrange((p.date::timestamp - interval '2 hours') AT TIME ZONE 'Europe/Oslo', ((p.date + 1)::timestamp + interval '2 hours') AT TIME ZONE 'Europe/Oslo') AS win,
      p.date::timestamp AT TIME ZONE 'Europe/Oslo' AS midnight,
      ((p.date + 1)::timestamp AT TIME ZONE 'Europe/Oslo') - (p.date::timestamp AT TIME ZONE 'Europe/Oslo') = interval '24 hours' AS whole,
      o.start_minute AS o, o.end_minute AS c
    FROM (SELECT DISTINCT t.room, t.date FROM unnest(rooms, dates) AS t(room, date)) p
    JOIN room_day_busy s ON s.date = p.date AND s.bookable_asset_id = p.room
    LEFT JOIN room_open_spans o ON o.bookable_asset_id = p.room AND o.weekday = extract(isodow FROM p.date)::int
  ), pieces AS (
    -- Each piece in minutes of the date, as wall-clock arithmetic from its own date and as time
    -- since the date's midnight (they differ only across a daylight-saving change: then not known).
    SELECT d.room, d.date, d.o, d.c, d.whole,
      -- (least and greatest skip NULLs: a date without pieces must keep NULL, not the whole span.)
      CASE WHEN x.wall_from IS NOT NULL THEN least(d.c, greatest(d.o, least(x.wall_from, x.since_from))) END AS lo,
      CASE WHEN x.wall_from IS NOT NULL THEN greatest(d.o, least(d.c, greatest(x.wall_from + x.duration_minutes, x.since_to))) END AS hi,
      x.wall_from = x.since_from AND x.wall_from + x.duration_minutes = x.since_to AS agree
    FROM days d LEFT JOIN LATERAL (
      SELECT (y.date - d.date) * 1440 + date_part('epoch', y.start_time)::int / 60 AS wall_from, y.duration_minutes,
        floor(date_part('epoch', lower(y.period) - d.midnight) / 60)::int AS since_from,
        ceil(date_part('epoch', upper(y.period) - d.midnight) / 60)::int AS since_to
      FROM (
        SELECT r.date, r.start_time, r.duration_minutes, r.period FROM reservations r
        WHERE r.bookable_asset_id = d.room AND r.date BETWEEN (d.earliest AT TIME ZONE 'Europe/Oslo')::date AND d.date + 1
          AND r.status IN ('UNPROCESSED', 'APPROVED') AND r.period && d.win
        UNION ALL
        SELECT b.date, b.start_time, b.duration_minutes, b.period FROM blocked_times b
        WHERE b.bookable_asset_id = d.room AND b.date BETWEEN (d.earliest AT TIME ZONE 'Europe/Oslo')::date AND d.date + 1
          AND b.period && d.win
      ) y
    ) x ON d.whole AND d.o IS NOT NULL
  ), gaps AS (
    -- Where each piece's preceding gap starts: the span's start or the latest end before it.
    SELECT room, date, o, c, whole, lo, hi, agree,
      greatest(o, coalesce(max(hi) OVER (PARTITION BY room, date ORDER BY lo, hi ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), o)) AS gap
    FROM pieces
  ), fits AS (
    -- The longest run from a start on the grid: before a piece, or after the last (or the whole span).
    SELECT room, date,
      CASE WHEN NOT bool_and(whole) OR o IS NULL OR NOT bool_and(coalesce(agree, true)) THEN -1
        WHEN count(lo) = 0 THEN c - o
        ELSE greatest(0, max(lo - ((gap + 14) / 15) * 15), c - ((greatest(o, max(hi)) + 14) / 15) * 15) END::smallint AS fit
    FROM gaps GROUP BY room, date, o, c
  )
  UPDATE room_day_busy s SET fit = f.fit FROM fits f
  WHERE s.date = f.date AND s.bookable_asset_id = f.room AND s.fit <> f.fit;
END
$$;--> statement-breakpoint

-- Computes these rooms' open spans again (null: every room's) and refits all their busy rows.
CREATE FUNCTION room_open_spans_refresh(rooms integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM room_open_spans WHERE rooms IS NULL OR bookable_asset_id = ANY(rooms);
  INSERT INTO room_open_spans (bookable_asset_id, weekday, start_minute, end_minute)
  SELECT w.room, w.weekday, max(w.s), min(w.e)
  FROM (
    -- Per room, week (the standard one: period_id null) and weekday: its own rows, else its location's.
    SELECT h.room, h.period_id, h.weekday, count(*) AS n,
      ((min(date_part('epoch', h.opens)::int / 60) + 14) / 15) * 15 AS s,
      (max(date_part('epoch', h.closes)::int / 60) / 15) * 15 AS e
    FROM (
      SELECT a.id AS room, h.period_id, h.weekday, h.opens, h.closes
      FROM bookable_assets a JOIN opening_hours h ON h.bookable_asset_id = a.id
      WHERE rooms IS NULL OR a.id = ANY(rooms)
      UNION ALL
      SELECT a.id, h.period_id, h.weekday, h.opens, h.closes
      FROM bookable_assets a JOIN opening_hours h ON h.location_id = a.location_id AND h.bookable_asset_id IS NULL
      WHERE (rooms IS NULL OR a.id = ANY(rooms)) AND NOT EXISTS (
        SELECT FROM opening_hours own WHERE own.bookable_asset_id = a.id AND own.weekday = h.weekday AND own.period_id IS NOT DISTINCT FROM h.period_id)
    ) h
    GROUP BY h.room, h.period_id, h.weekday
  ) w
  GROUP BY w.room, w.weekday
  HAVING bool_and(w.n = 1) AND max(w.s) = min(w.s) AND max(w.e) = min(w.e) AND min(w.s) < min(w.e)
  ORDER BY 1, 2;
  PERFORM room_day_busy_refit(array_agg(s.bookable_asset_id), array_agg(s.date))
  FROM room_day_busy s WHERE rooms IS NULL OR s.bookable_asset_id = ANY(rooms);
END
$$;--> statement-breakpoint

-- A change of opening hours: the rooms of every location whose rows changed, and rooms named by them.
CREATE FUNCTION opening_hours_room_open_spans() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT a.id) INTO changed FROM bookable_assets a
    WHERE a.location_id IN (SELECT location_id FROM new_rows) OR a.id IN (SELECT bookable_asset_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT a.id) INTO changed FROM bookable_assets a
    WHERE a.location_id IN (SELECT location_id FROM old_rows) OR a.id IN (SELECT bookable_asset_id FROM old_rows);
  ELSE
    SELECT array_agg(DISTINCT a.id) INTO changed FROM bookable_assets a
    WHERE a.location_id IN (SELECT location_id FROM new_rows UNION SELECT location_id FROM old_rows)
      OR a.id IN (SELECT bookable_asset_id FROM new_rows UNION SELECT bookable_asset_id FROM old_rows);
  END IF;
  IF changed IS NOT NULL THEN PERFORM room_open_spans_refresh(changed); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER opening_hours_room_open_spans_insert AFTER INSERT ON opening_hours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION opening_hours_room_open_spans();--> statement-breakpoint
CREATE TRIGGER opening_hours_room_open_spans_update AFTER UPDATE ON opening_hours
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION opening_hours_room_open_spans();--> statement-breakpoint
CREATE TRIGGER opening_hours_room_open_spans_delete AFTER DELETE ON opening_hours
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION opening_hours_room_open_spans();--> statement-breakpoint

-- A new room, or a room moved to another location, follows that location's hours.
CREATE FUNCTION bookable_assets_room_open_spans() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.id) INTO changed FROM new_rows n;
  ELSE
    SELECT array_agg(n.id) INTO changed FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.location_id IS DISTINCT FROM n.location_id;
  END IF;
  IF changed IS NOT NULL THEN PERFORM room_open_spans_refresh(changed); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bookable_assets_room_open_spans_insert AFTER INSERT ON bookable_assets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookable_assets_room_open_spans();--> statement-breakpoint
CREATE TRIGGER bookable_assets_room_open_spans_update AFTER UPDATE ON bookable_assets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookable_assets_room_open_spans();--> statement-breakpoint

-- The busy triggers (0011, 0025) refit the room-dates they change, after their sums.
CREATE OR REPLACE FUNCTION room_day_busy_add(room integer, p tstzrange, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_day_busy AS s (bookable_asset_id, date, pieces, slots, earliest)
  SELECT room, d, sign, sign * room_day_busy_slots(p), lower(p) FROM room_day_busy_dates(p) AS d ORDER BY d
  ON CONFLICT (date, bookable_asset_id) DO UPDATE
    SET pieces = s.pieces + excluded.pieces, slots = s.slots + excluded.slots, earliest = least(s.earliest, excluded.earliest);
  PERFORM room_day_busy_refit(array_agg(room), array_agg(d)) FROM room_day_busy_dates(p) AS d;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION reservations_room_day_busy_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_day_busy AS s (bookable_asset_id, date, pieces, slots, earliest)
  SELECT n.bookable_asset_id, d, count(*), sum(room_day_busy_slots(n.period)), min(lower(n.period))
  FROM new_rows n CROSS JOIN LATERAL room_day_busy_dates(n.period) AS d
  WHERE n.status IN ('UNPROCESSED', 'APPROVED')
  GROUP BY n.bookable_asset_id, d
  ORDER BY d, n.bookable_asset_id
  ON CONFLICT (date, bookable_asset_id) DO UPDATE
    SET pieces = s.pieces + excluded.pieces, slots = s.slots + excluded.slots, earliest = least(s.earliest, excluded.earliest);
  PERFORM room_day_busy_refit(array_agg(n.bookable_asset_id), array_agg(d))
  FROM new_rows n CROSS JOIN LATERAL room_day_busy_dates(n.period) AS d
  WHERE n.status IN ('UNPROCESSED', 'APPROVED');
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION reservations_room_day_busy_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_day_busy AS s (bookable_asset_id, date, pieces, slots, earliest)
  SELECT o.bookable_asset_id, d, -count(*), -sum(room_day_busy_slots(o.period)), min(lower(o.period))
  FROM old_rows o CROSS JOIN LATERAL room_day_busy_dates(o.period) AS d
  WHERE o.status IN ('UNPROCESSED', 'APPROVED')
  GROUP BY o.bookable_asset_id, d
  ORDER BY d, o.bookable_asset_id
  ON CONFLICT (date, bookable_asset_id) DO UPDATE
    SET pieces = s.pieces + excluded.pieces, slots = s.slots + excluded.slots, earliest = least(s.earliest, excluded.earliest);
  PERFORM room_day_busy_refit(array_agg(o.bookable_asset_id), array_agg(d))
  FROM old_rows o CROSS JOIN LATERAL room_day_busy_dates(o.period) AS d
  WHERE o.status IN ('UNPROCESSED', 'APPROVED');
  RETURN NULL;
END
$$;--> statement-breakpoint

-- An update's rows are paired by id; a row whose activity, room and period stay the same adds nothing (0025).
CREATE OR REPLACE FUNCTION reservations_room_day_busy_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_day_busy AS s (bookable_asset_id, date, pieces, slots, earliest)
  SELECT x.room, d, sum(x.sign), sum(x.sign * room_day_busy_slots(x.period)), min(lower(x.period))
  FROM (
    SELECT o.bookable_asset_id AS room, o.period, -1 AS sign
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status IN ('UNPROCESSED', 'APPROVED')
      AND NOT (n.status IN ('UNPROCESSED', 'APPROVED') AND n.bookable_asset_id = o.bookable_asset_id AND n.period = o.period)
    UNION ALL
    SELECT n.bookable_asset_id, n.period, 1
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status IN ('UNPROCESSED', 'APPROVED')
      AND NOT (o.status IN ('UNPROCESSED', 'APPROVED') AND o.bookable_asset_id = n.bookable_asset_id AND o.period = n.period)
  ) x CROSS JOIN LATERAL room_day_busy_dates(x.period) AS d
  GROUP BY x.room, d
  ORDER BY d, x.room
  ON CONFLICT (date, bookable_asset_id) DO UPDATE
    SET pieces = s.pieces + excluded.pieces, slots = s.slots + excluded.slots, earliest = least(s.earliest, excluded.earliest);
  PERFORM room_day_busy_refit(array_agg(x.room), array_agg(d))
  FROM (
    SELECT o.bookable_asset_id AS room, o.period
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status IN ('UNPROCESSED', 'APPROVED')
      AND NOT (n.status IN ('UNPROCESSED', 'APPROVED') AND n.bookable_asset_id = o.bookable_asset_id AND n.period = o.period)
    UNION ALL
    SELECT n.bookable_asset_id, n.period
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status IN ('UNPROCESSED', 'APPROVED')
      AND NOT (o.status IN ('UNPROCESSED', 'APPROVED') AND o.bookable_asset_id = n.bookable_asset_id AND o.period = n.period)
  ) x CROSS JOIN LATERAL room_day_busy_dates(x.period) AS d;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Recomputes the whole table from the pieces (bulk loads that disable the triggers), with the spans and fits.
CREATE OR REPLACE FUNCTION room_day_busy_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM room_day_busy;
  INSERT INTO room_day_busy (bookable_asset_id, date, pieces, slots, earliest)
  SELECT p.room, d, count(*), sum(room_day_busy_slots(p.period)), min(lower(p.period))
  FROM (
    SELECT bookable_asset_id AS room, period FROM reservations WHERE status IN ('UNPROCESSED', 'APPROVED')
    UNION ALL
    SELECT bookable_asset_id, period FROM blocked_times
  ) p CROSS JOIN LATERAL room_day_busy_dates(p.period) AS d
  GROUP BY p.room, d;
  PERFORM room_open_spans_refresh(NULL);
END
$$;--> statement-breakpoint

SELECT room_open_spans_refresh(NULL);--> statement-breakpoint

-- The spans read a room's own hours by room.
CREATE INDEX "opening_hours_room" ON "opening_hours" USING btree ("bookable_asset_id");--> statement-breakpoint

-- The search's read (decision 052): per date, only the rows whose fit is below the duration.
CREATE INDEX room_day_busy_date_fit ON room_day_busy USING btree (date, fit) INCLUDE (bookable_asset_id, pieces, slots, earliest);--> statement-breakpoint
-- A filtered search reads its rooms' rows whose fit is below its duration, whatever their date (decision 052).
DROP INDEX room_day_busy_room_date;--> statement-breakpoint
CREATE INDEX room_day_busy_room_fit ON room_day_busy USING btree (bookable_asset_id, fit, date) INCLUDE (pieces, slots, earliest);--> statement-breakpoint
ANALYZE room_day_busy;
