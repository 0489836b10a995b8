-- No double booking is a database invariant (ARCHITECTURE.md "Data"): two active reservations
-- (UNPROCESSED or APPROVED) of the same room never overlap. Range column first: the all-rooms
-- availability search over 1 M reservations ran ~35x faster with (period, room) than (room, period).
-- '[)' ranges make touching times (one ends 10:00, the next starts 10:00) legal.
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_no_double_booking"
  EXCLUDE USING gist ("period" WITH &&, "bookable_asset_id" WITH =)
  WHERE ("status" IN ('UNPROCESSED', 'APPROVED'));--> statement-breakpoint
-- Blocked times are checked against in the same transaction as a booking; same index shape.
CREATE INDEX "blocked_times_period_asset" ON "blocked_times" USING gist ("period", "bookable_asset_id");
