-- room_day_busy (0010, 0011) was kept by a row trigger on reservations: one upsert per row and date.
-- Closing a semester round (issue 17) writes thousands of rows per statement, and the row trigger
-- took ~70 % of such a statement's time. The same sums are now kept by statement triggers with
-- transition tables (as search_date_versions, 0021): one upsert per statement, summed per room and
-- date, in (date, room) order so writers take the rows' locks in one order. Same rule as before:
-- a piece counts while it is UNPROCESSED or APPROVED; an update counts only when it changes whether
-- the row is active, its room or its period; `earliest` only moves back.

CREATE FUNCTION reservations_room_day_busy_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_day_busy AS s (bookable_asset_id, date, pieces, slots, earliest)
  SELECT n.bookable_asset_id, d, count(*), sum(room_day_busy_slots(n.period)), min(lower(n.period))
  FROM new_rows n CROSS JOIN LATERAL room_day_busy_dates(n.period) AS d
  WHERE n.status IN ('UNPROCESSED', 'APPROVED')
  GROUP BY n.bookable_asset_id, d
  ORDER BY d, n.bookable_asset_id
  ON CONFLICT (date, bookable_asset_id) DO UPDATE
    SET pieces = s.pieces + excluded.pieces, slots = s.slots + excluded.slots, earliest = least(s.earliest, excluded.earliest);
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE FUNCTION reservations_room_day_busy_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO room_day_busy AS s (bookable_asset_id, date, pieces, slots, earliest)
  SELECT o.bookable_asset_id, d, -count(*), -sum(room_day_busy_slots(o.period)), min(lower(o.period))
  FROM old_rows o CROSS JOIN LATERAL room_day_busy_dates(o.period) AS d
  WHERE o.status IN ('UNPROCESSED', 'APPROVED')
  GROUP BY o.bookable_asset_id, d
  ORDER BY d, o.bookable_asset_id
  ON CONFLICT (date, bookable_asset_id) DO UPDATE
    SET pieces = s.pieces + excluded.pieces, slots = s.slots + excluded.slots, earliest = least(s.earliest, excluded.earliest);
  RETURN NULL;
END
$$;--> statement-breakpoint

-- An update's rows are paired by id (the primary key never changes); a row whose activity, room and
-- period stay the same (approving, touching updated_at) adds nothing.
CREATE FUNCTION reservations_room_day_busy_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END
$$;--> statement-breakpoint

DROP TRIGGER reservations_room_day_busy ON reservations;--> statement-breakpoint
DROP FUNCTION reservations_room_day_busy();--> statement-breakpoint
CREATE TRIGGER reservations_room_day_busy_insert AFTER INSERT ON reservations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reservations_room_day_busy_insert();--> statement-breakpoint
CREATE TRIGGER reservations_room_day_busy_update AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reservations_room_day_busy_update();--> statement-breakpoint
CREATE TRIGGER reservations_room_day_busy_delete AFTER DELETE ON reservations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reservations_room_day_busy_delete();
