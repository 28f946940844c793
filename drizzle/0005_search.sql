-- Search read model (src/search). IF NOT EXISTS: databases where src/search/ddl.ts created these
-- tables before this migration existed keep them (derived data, rebuilt by rebuildSearchIndex).
CREATE TABLE IF NOT EXISTS "search_companies" (
	"siren" char(9) PRIMARY KEY NOT NULL,
	"name" text,
	"sigle" text,
	"diffusion" char(1) NOT NULL,
	"is_natural_person" boolean NOT NULL,
	"status" char(1) NOT NULL,
	"legal_form_code" char(4),
	"naf_code" text,
	"naf_section" char(1),
	"head_office_siret" char(14),
	"postcode" text,
	"commune_code" text,
	"commune_name" text,
	"department" text,
	"creation_date" date,
	"headcount_band" text,
	"category" text,
	"capital_amount" numeric(20, 2),
	"revenue" bigint,
	"net_result" bigint,
	"fiscal_year" smallint,
	"open_establishments" integer NOT NULL,
	"main_director" text,
	"main_director_role" text,
	"popularity" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_directors" (
	"id" text PRIMARY KEY NOT NULL,
	"siren" char(9) NOT NULL,
	"last_name" text NOT NULL,
	"first_names" text,
	"birth_year" smallint,
	"birth_month" smallint,
	"role_label" text,
	"last_key" text NOT NULL,
	"tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"person_key" text NOT NULL,
	"popularity" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_names" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"siren" char(9) NOT NULL,
	"siret" char(14),
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"key" text NOT NULL,
	"joined" text NOT NULL,
	"raw" text NOT NULL,
	"tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"popularity" real NOT NULL,
	"department" text
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_postings" (
	"token" text NOT NULL,
	"popularity" real NOT NULL,
	"name_id" bigint NOT NULL,
	"department" text
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "search_vocabulary" (
	"token" text PRIMARY KEY NOT NULL,
	"frequency" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_companies_popularity_idx" ON "search_companies" USING btree ("popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_companies_department_idx" ON "search_companies" USING btree ("department","popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_companies_naf_idx" ON "search_companies" USING btree ("naf_code","popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_directors_last_idx" ON "search_directors" USING btree ("last_key" text_pattern_ops,"popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_directors_tokens_idx" ON "search_directors" USING gin ("tokens");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_directors_person_idx" ON "search_directors" USING btree ("person_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_directors_siren_idx" ON "search_directors" USING btree ("siren");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_names_key_idx" ON "search_names" USING btree ("key" text_pattern_ops,"popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_names_joined_idx" ON "search_names" USING btree ("joined" text_pattern_ops,"popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_names_raw_idx" ON "search_names" USING btree ("raw" text_pattern_ops,"popularity" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_names_siren_idx" ON "search_names" USING btree ("siren");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_postings_token_idx" ON "search_postings" USING btree ("token","popularity" DESC NULLS LAST,"name_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_postings_token_department_idx" ON "search_postings" USING btree ("token","department","popularity" DESC NULLS LAST,"name_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_vocabulary_prefix_idx" ON "search_vocabulary" USING btree ("token" text_pattern_ops,"frequency" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("token" gin_trgm_ops);