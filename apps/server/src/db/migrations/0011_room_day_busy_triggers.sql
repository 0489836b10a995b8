-- room_day_busy (0010) is kept by the database in the writing transaction, so every writer of
-- reservations and blocked times is covered. A piece (an active reservation — UNPROCESSED or
-- APPROVED — or a blocked time) counts on every date whose search window (the day, Oslo time,
-- widened by two hours on each side) its period overlaps: one piece, the 15-minute slots it touches
-- over its whole length (from the slot edge before its start), and its start as `earliest`.
-- The search (modules/search/busy-times-repository.ts) reads these sums instead of the pieces.

-- The search reads the sums of a few dates for every room: the primary key carries them, so that
-- read is an index-only scan, contiguous by date (the table itself fills in the order bookings come).
ALTER TABLE room_day_busy DROP CONSTRAINT room_day_busy_pkey;--> statement-breakpoint
ALTER TABLE room_day_busy ADD CONSTRAINT room_day_busy_pkey PRIMARY KEY (date, bookable_asset_id) INCLUDE (pieces, slots, earliest);--> statement-breakpoint

-- The dates whose search window the period overlaps.
CREATE FUNCTION room_day_busy_dates(p tstzrange) RETURNS SETOF date LANGUAGE sql STABLE AS $$
  SELECT d.date FROM (
    SELECT (lower(p) AT TIME ZONE 'Europe/Oslo')::date - 1 + i AS date
    FROM generate_series(0, (upper(p) AT TIME ZONE 'Europe/Oslo')::date - (lower(p) AT TIME ZONE 'Europe/Oslo')::date + 2) AS i
  ) d
  WHERE p && tstzrange((d.date::timestamp - interval '2 hours') AT TIME ZONE 'Europe/Oslo', ((d.date + 1)::timestamp + interval '2 hours') AT TIME ZONE 'Europe/Oslo')
$$;--> statement-breakpoint

-- The 15-minute slots a piece touches over its whole length (instants and Oslo wall clocks share their quarter hours).
CREATE FUNCTION room_day_busy_slots(p tstzrange) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT ceil(((date_part('epoch', lower(p))::bigint % 900) + date_part('epoch', upper(p) - lower(p))) / 900)::int
$$;--> statement-breakpoint

-- Adds (sign 1) or removes (sign -1) one piece. `earliest` only moves back.
CREATE FUNCTION room_day_busy_add(room integer, p tstzrange, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_day_busy AS s (bookable_asset_id, date, pieces, slots, earliest)
  SELECT room, d, sign, sign * room_day_busy_slots(p), lower(p) FROM room_day_busy_dates(p) AS d ORDER BY d
  ON CONFLICT (date, bookable_asset_id) DO UPDATE
    SET pieces = s.pieces + excluded.pieces, slots = s.slots + excluded.slots, earliest = least(s.earliest, excluded.earliest);
END
$$;--> statement-breakpoint

CREATE FUNCTION reservations_room_day_busy() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_active boolean := TG_OP <> 'INSERT' AND OLD.status IN ('UNPROCESSED', 'APPROVED');
  is_active boolean := TG_OP <> 'DELETE' AND NEW.status IN ('UNPROCESSED', 'APPROVED');
BEGIN
  -- Approving, renaming, touching updated_at: the busy time is the same.
  IF TG_OP = 'UPDATE' AND was_active = is_active AND OLD.bookable_asset_id = NEW.bookable_asset_id AND OLD.period = NEW.period THEN
    RETURN NULL;
  END IF;
  IF was_active THEN PERFORM room_day_busy_add(OLD.bookable_asset_id, OLD.period, -1); END IF;
  IF is_active THEN PERFORM room_day_busy_add(NEW.bookable_asset_id, NEW.period, 1); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION blocked_times_room_day_busy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.bookable_asset_id = NEW.bookable_asset_id AND OLD.period = NEW.period THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM room_day_busy_add(OLD.bookable_asset_id, OLD.period, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM room_day_busy_add(NEW.bookable_asset_id, NEW.period, 1); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER reservations_room_day_busy AFTER INSERT OR UPDATE OR DELETE ON reservations
  FOR EACH ROW EXECUTE FUNCTION reservations_room_day_busy();--> statement-breakpoint
CREATE TRIGGER blocked_times_room_day_busy AFTER INSERT OR UPDATE OR DELETE ON blocked_times
  FOR EACH ROW EXECUTE FUNCTION blocked_times_room_day_busy();--> statement-breakpoint

-- Recomputes the whole table from the pieces: here for the rows that exist, and for bulk loads that
-- disable the triggers (the benchmark's generator).
CREATE FUNCTION room_day_busy_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM room_day_busy;
  INSERT INTO room_day_busy (bookable_asset_id, date, pieces, slots, earliest)
  SELECT p.room, d, count(*), sum(room_day_busy_slots(p.period)), min(lower(p.period))
  FROM (
    SELECT bookable_asset_id AS room, period FROM reservations WHERE status IN ('UNPROCESSED', 'APPROVED')
    UNION ALL
    SELECT bookable_asset_id, period FROM blocked_times
  ) p CROSS JOIN LATERAL room_day_busy_dates(p.period) AS d
  GROUP BY p.room, d;
$$;--> statement-breakpoint

SELECT room_day_busy_rebuild();--> statement-breakpoint
ANALYZE room_day_busy;
