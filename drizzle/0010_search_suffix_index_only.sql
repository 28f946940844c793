DROP INDEX "search_directors_last_suffix_idx";--> statement-breakpoint
DROP INDEX "search_vocabulary_suffix_idx";--> statement-breakpoint
CREATE INDEX "search_directors_last_suffix_idx" ON "search_directors" USING btree (reverse("last_key") text_pattern_ops,"last_key");--> statement-breakpoint
CREATE INDEX "search_vocabulary_suffix_idx" ON "search_vocabulary" USING btree (reverse("token") text_pattern_ops,"token","frequency");