-- Extensions the schema relies on, before any table uses them. All three ship with PostgreSQL's
-- contrib (Debian's postgresql-15 package) and load in PGlite from @electric-sql/pglite/contrib.
-- btree_gist: the no-double-booking exclusion constraint compares the room id (=) in a GiST index.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- pg_trgm + unaccent: the venue search matches name and area ignoring case and accents.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
