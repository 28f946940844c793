-- Read-model indexes of the company pages (src/registry, issue 5).
-- Similar companies and the sector index read the active companies of one NAF class, largest
-- first: this index gives them in that order, so a page reads a handful of rows at any scale.
CREATE INDEX IF NOT EXISTS "companies_similar_idx" ON "companies" ("naf_code", (CASE WHEN "headcount_band" ~ '^[0-9]{2}$' THEN "headcount_band" END) DESC NULLS LAST, "open_establishments" DESC, "siren") WHERE "status" = 'A';
--> statement-breakpoint
-- The department index reads head offices by commune code prefix ("75%").
CREATE INDEX IF NOT EXISTS "establishments_head_office_commune_idx" ON "establishments" ("commune_code" text_pattern_ops, "siret") WHERE "is_head_office";
