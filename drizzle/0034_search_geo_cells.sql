-- Per-cell counts of the search index (src/search/geo/cells.ts): « N km around a point » reads the
-- cells wholly inside the circle here and counts only its edge entry by entry. Kept by the indexer
-- in the same transaction as search_companies; filled here from an index built before it.
CREATE TABLE IF NOT EXISTS "search_geo_cells" (
  "cell" integer PRIMARY KEY,
  "n" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_geo_cells" ("cell", "n")
  SELECT "geo_cell", count(*) FROM "search_companies"
  WHERE "geo_cell" IS NOT NULL AND "name" IS NOT NULL
  GROUP BY "geo_cell"
ON CONFLICT ("cell") DO NOTHING;
