ALTER TABLE "establishments" ADD COLUMN "latitude" real;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "longitude" real;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "idcc" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "latitude" real;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "longitude" real;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "geo_cell" integer;--> statement-breakpoint
CREATE INDEX "search_companies_geo_idx" ON "search_companies" USING btree ("geo_cell","latitude","longitude") WHERE name IS NOT NULL;--> statement-breakpoint
CREATE INDEX "search_companies_commune_idx" ON "search_companies" USING btree ("commune_code","popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_companies_section_idx" ON "search_companies" USING btree ("department","naf_section","popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_companies_idcc_idx" ON "search_companies" USING gin ("idcc");--> statement-breakpoint
-- The new columns are filled by the indexer: a full rebuild at the next start (or npm run search:reindex).
INSERT INTO "search_index_state" ("id", "full_rebuild") SELECT 1, true WHERE EXISTS (SELECT 1 FROM "search_companies")
ON CONFLICT ("id") DO UPDATE SET "full_rebuild" = true, "updated_at" = now();
