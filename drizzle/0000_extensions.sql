-- Extensions and helper functions the search and read models rely on.
-- PGlite loads the same extensions (src/db/pglite.ts); on PostgreSQL they come from contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is STABLE (it reads a dictionary), so indexes cannot use it; this wrapper pins the
-- dictionary and is declared IMMUTABLE so expression indexes can.
CREATE OR REPLACE FUNCTION immutable_unaccent(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, input) $$;
