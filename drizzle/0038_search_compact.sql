-- A compact search index (issue 40: 29 M companies, docs/SEARCH.md « Place sur disque »): the
-- names' words and joined key are derived from the folded key instead of stored, the joined key's
-- index is an expression index, the folded key's index (no query reads it) is gone, and name ids
-- are 4-byte integers in the names and in every posting. Derived data: the whole index is rebuilt
-- at the next import run or server start (`npm run search:reindex` at once).
DROP INDEX IF EXISTS "search_names_key_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "search_names_joined_idx";--> statement-breakpoint
ALTER TABLE "search_names" DROP COLUMN IF EXISTS "joined";--> statement-breakpoint
ALTER TABLE "search_names" DROP COLUMN IF EXISTS "tokens";--> statement-breakpoint
ALTER TABLE "search_names" ALTER COLUMN "id" SET DATA TYPE integer;--> statement-breakpoint
ALTER SEQUENCE IF EXISTS "search_names_id_seq" AS integer;--> statement-breakpoint
ALTER TABLE "search_postings" ALTER COLUMN "name_id" SET DATA TYPE integer;--> statement-breakpoint
CREATE INDEX "search_names_joined_idx" ON "search_names" USING btree (replace("key", ' ', '') text_pattern_ops, "popularity" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "search_index_state" ("id", "full_rebuild") SELECT 1, true WHERE EXISTS (SELECT 1 FROM "search_companies")
ON CONFLICT ("id") DO UPDATE SET "full_rebuild" = true, "updated_at" = now();
