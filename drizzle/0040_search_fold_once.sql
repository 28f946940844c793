-- Issue 40: a name is folded once when the index is built. search_fold and search_raw are split
-- into the base fold (search_base_fold: unaccent, lower case, apostrophes) and what each does with
-- it, so that the rebuild computes the base once per label and derives both forms from it. Same
-- results as before (search_fold(x) = search_fold_of_base(search_base_fold(x))); the primary keys
-- of the search tables are now built after the fill: a full rebuild gives them their compact size.
CREATE OR REPLACE FUNCTION search_fold_of_base(base text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  SELECT btrim(regexp_replace(
    ' ' || regexp_replace(
      translate(regexp_replace(base,
        '(^|[^a-z0-9])((l|d|qu|j|m|n|s|t|c)'')+', '\1', 'g'), '''.', ''),
      '[^a-z0-9]+', ' ', 'g') || ' ',
    ' (l|d|qu)(?= )', '', 'g'))
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_raw_of_base(base text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(base, '[^a-z0-9]+', '', 'g') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.search_fold_of_base(public.search_base_fold(input)) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_raw(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.search_raw_of_base(public.search_base_fold(input)) $$;
--> statement-breakpoint
INSERT INTO "search_index_state" ("id", "full_rebuild") SELECT 1, true WHERE EXISTS (SELECT 1 FROM "search_companies")
ON CONFLICT ("id") DO UPDATE SET "full_rebuild" = true, "updated_at" = now();
