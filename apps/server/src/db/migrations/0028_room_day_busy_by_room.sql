-- The city-wide search with a filter reads only its rooms' busy sums (decision 046): room by room
-- through this index over the searched period, instead of every room's sums date by date through the
-- primary key (date, bookable_asset_id). It carries the sums, as the primary key does (0011), so both
-- reads stay index-only; the triggers' upserts already change indexed columns, so they were never HOT.
CREATE INDEX "room_day_busy_room_date" ON "room_day_busy" USING btree ("bookable_asset_id","date") INCLUDE (pieces, slots, earliest);
