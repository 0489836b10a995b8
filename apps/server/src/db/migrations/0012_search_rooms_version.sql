-- The search keeps the portal's rooms and their fixed calendar parts (rooms, locations, areas, tags,
-- opening hours, closed dates) in memory between searches (modules/search/search-rooms-cache.ts).
-- Every statement that changes one of those tables stores its transaction's id here, in the writing
-- transaction, so the change and the new version become visible together to every server process.
-- A search reads the version with its first query and rebuilds its copy when it moved. A transaction
-- id is never reused, so even a table emptied and refilled (tests truncate every table, this one
-- too) never shows a version a process has already seen.
CREATE TABLE search_rooms_version (
  id integer PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);--> statement-breakpoint
INSERT INTO search_rooms_version (id, version) VALUES (1, txid_current());--> statement-breakpoint

CREATE FUNCTION search_rooms_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_rooms_version AS v (id, version) VALUES (1, txid_current())
  ON CONFLICT (id) DO UPDATE SET version = excluded.version WHERE v.version IS DISTINCT FROM excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER bookable_assets_search_rooms_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bookable_assets
  FOR EACH STATEMENT EXECUTE FUNCTION search_rooms_version_bump();--> statement-breakpoint
CREATE TRIGGER locations_search_rooms_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION search_rooms_version_bump();--> statement-breakpoint
CREATE TRIGGER geographic_areas_search_rooms_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON geographic_areas
  FOR EACH STATEMENT EXECUTE FUNCTION search_rooms_version_bump();--> statement-breakpoint
CREATE TRIGGER asset_tags_search_rooms_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON asset_tags
  FOR EACH STATEMENT EXECUTE FUNCTION search_rooms_version_bump();--> statement-breakpoint
CREATE TRIGGER opening_hours_search_rooms_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON opening_hours
  FOR EACH STATEMENT EXECUTE FUNCTION search_rooms_version_bump();--> statement-breakpoint
CREATE TRIGGER closed_dates_search_rooms_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON closed_dates
  FOR EACH STATEMENT EXECUTE FUNCTION search_rooms_version_bump();
