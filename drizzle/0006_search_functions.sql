-- Search folding functions, SQL twins of src/search/normalize.ts (same text as SEARCH_FUNCTIONS_SQL
-- in src/search/ddl.ts; a test checks SQL and TypeScript fold alike).
CREATE OR REPLACE FUNCTION search_base_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT translate(lower(public.immutable_unaccent(input)), '’‘`´', '''''''''') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  SELECT btrim(regexp_replace(
    ' ' || regexp_replace(
      translate(regexp_replace(public.search_base_fold(input),
        '(^|[^a-z0-9])((l|d|qu|j|m|n|s|t|c)'')+', '\1', 'g'), '''.', ''),
      '[^a-z0-9]+', ' ', 'g') || ' ',
    ' (l|d|qu)(?= )', '', 'g'))
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_raw(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(public.search_base_fold(input), '[^a-z0-9]+', '', 'g') $$;
