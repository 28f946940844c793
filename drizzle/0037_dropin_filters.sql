CREATE INDEX "company_labels_detail_idx" ON "company_labels" USING gin ("detail" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "establishments_postcode_idx" ON "establishments" USING btree ("postcode","siren");--> statement-breakpoint
CREATE INDEX "search_companies_open_idx" ON "search_companies" USING btree ("open_establishments" DESC NULLS LAST,"siren") WHERE name IS NOT NULL;--> statement-breakpoint
-- search_companies.labels now carries SIRENE's ESS and société à mission flags: a full rebuild at
-- the next start (or npm run search:reindex).
INSERT INTO "search_index_state" ("id", "full_rebuild") SELECT 1, true WHERE EXISTS (SELECT 1 FROM "search_companies")
ON CONFLICT ("id") DO UPDATE SET "full_rebuild" = true, "updated_at" = now();
