-- Issue 39: the data behind the labels, one importer per source (src/ingest/<source>/).
-- company_labels (0017) keeps one row per company, label and source; what follows adds the
-- identifiers a label carries (searched by id_finess, id_uai, id_rge…), the local authorities and
-- their elected officials, the communes' centres, and the search columns that read them.
CREATE TABLE "label_identifiers" (
	"siren" char(9) NOT NULL,
	"siret" char(14),
	"kind" text NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"source" text NOT NULL,
	"part" text DEFAULT '' NOT NULL,
	"source_date" date
);--> statement-breakpoint
CREATE UNIQUE INDEX "label_identifiers_key_idx" ON "label_identifiers" USING btree ("siren","kind","identifier","source","part");--> statement-breakpoint
CREATE INDEX "label_identifiers_lookup_idx" ON "label_identifiers" USING btree ("kind","identifier");--> statement-breakpoint
CREATE TABLE "local_authorities" (
	"siren" char(9) NOT NULL,
	"code" text NOT NULL,
	"code_insee" text,
	"level" text,
	"source" text NOT NULL,
	"source_date" date,
	CONSTRAINT "local_authorities_siren_source_pk" PRIMARY KEY("siren","source")
);--> statement-breakpoint
CREATE INDEX "local_authorities_code_idx" ON "local_authorities" USING btree ("code");--> statement-breakpoint
CREATE TABLE "elected_officials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"colter_code" text NOT NULL,
	"siren" char(9),
	"last_name" text NOT NULL,
	"first_names" text,
	"birth_year" smallint,
	"birth_month" smallint,
	"sex" char(1),
	"function" text,
	"source" text NOT NULL,
	"part" text DEFAULT '' NOT NULL,
	"source_date" date
);--> statement-breakpoint
CREATE INDEX "elected_officials_siren_idx" ON "elected_officials" USING btree ("siren");--> statement-breakpoint
CREATE INDEX "elected_officials_colter_idx" ON "elected_officials" USING btree ("colter_code");--> statement-breakpoint
ALTER TABLE "communes" ADD COLUMN "latitude" real;--> statement-breakpoint
ALTER TABLE "communes" ADD COLUMN "longitude" real;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "label_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "colter_code" text;--> statement-breakpoint
CREATE INDEX "search_companies_label_ids_idx" ON "search_companies" USING gin ("label_ids");--> statement-breakpoint
CREATE INDEX "search_companies_colter_idx" ON "search_companies" USING btree ("colter_code") WHERE colter_code IS NOT NULL;--> statement-breakpoint
-- The new search columns are filled by the indexer: a full rebuild at the next start.
INSERT INTO "search_index_state" ("id", "full_rebuild") SELECT 1, true WHERE EXISTS (SELECT 1 FROM "search_companies")
ON CONFLICT ("id") DO UPDATE SET "full_rebuild" = true, "updated_at" = now();
