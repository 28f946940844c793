-- Per-label counts of the search index (src/search/label-counts.ts): a list filtered by one label
-- alone (`label=ess`, the drop-in's `est_ess=true`), or without one (`sans_label=rge`,
-- `est_rge=false`), takes its exact total here instead of counting hundreds of thousands of rows.
-- The row '' counts every named company. Kept by the indexer in the same transaction as
-- search_companies; filled here from an index built before it.
CREATE TABLE IF NOT EXISTS "search_label_counts" (
  "label" text PRIMARY KEY,
  "n" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_label_counts" ("label", "n")
  SELECT l, count(*) FROM "search_companies", unnest("labels") AS l
  WHERE "name" IS NOT NULL GROUP BY l
  UNION ALL SELECT '', count(*) FROM "search_companies" WHERE "name" IS NOT NULL
ON CONFLICT ("label") DO NOTHING;
