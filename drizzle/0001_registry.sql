CREATE TABLE "brands" (
	"application_number" text PRIMARY KEY NOT NULL,
	"siren" char(9),
	"name" text,
	"status" text,
	"filing_date" date,
	"publication_date" date,
	"registration_date" date,
	"expiry_date" date,
	"applicant" text,
	"classes" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collective_agreements" (
	"idcc" char(4) PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"short_title" text,
	"url" text
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"siren" char(9) PRIMARY KEY NOT NULL,
	"diffusion" char(1) DEFAULT 'O' NOT NULL,
	"name" text,
	"sigle" text,
	"other_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_natural_person" boolean DEFAULT false NOT NULL,
	"last_name" text,
	"usage_name" text,
	"first_names" text,
	"gender" char(1),
	"legal_form_code" char(4),
	"naf_code" text,
	"naf_version" text,
	"naf25_code" text,
	"status" char(1) DEFAULT 'A' NOT NULL,
	"creation_date" date,
	"ceased_date" date,
	"headcount_band" text,
	"headcount_year" smallint,
	"category" text,
	"category_year" smallint,
	"ess" boolean,
	"mission_company" boolean,
	"employer" boolean,
	"head_office_nic" char(5),
	"capital_amount" numeric(20, 2),
	"capital_currency" char(3),
	"rcs_court" text,
	"activity_description" text,
	"open_establishments" integer DEFAULT 0 NOT NULL,
	"field_sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sirene_updated_at" timestamp,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directors" (
	"id" text PRIMARY KEY NOT NULL,
	"siren" char(9) NOT NULL,
	"kind" text NOT NULL,
	"role_code" text,
	"role_label" text,
	"last_name" text,
	"usage_name" text,
	"first_names" text,
	"birth_year" smallint,
	"birth_month" smallint,
	"nationality" text,
	"director_siren" char(9),
	"company_name" text,
	"start_date" date,
	"end_date" date,
	"person_key" text,
	"source" text NOT NULL,
	"source_date" date,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "establishment_agreements" (
	"siret" char(14) NOT NULL,
	"idcc" char(4) NOT NULL,
	"siren" char(9) NOT NULL,
	"month" date,
	"updated_at" date,
	CONSTRAINT "establishment_agreements_siret_idcc_pk" PRIMARY KEY("siret","idcc")
);
--> statement-breakpoint
CREATE TABLE "establishments" (
	"siret" char(14) PRIMARY KEY NOT NULL,
	"siren" char(9) NOT NULL,
	"nic" char(5) NOT NULL,
	"diffusion" char(1) DEFAULT 'O' NOT NULL,
	"is_head_office" boolean DEFAULT false NOT NULL,
	"status" char(1) DEFAULT 'A' NOT NULL,
	"creation_date" date,
	"closed_date" date,
	"signs" text[] DEFAULT '{}'::text[] NOT NULL,
	"naf_code" text,
	"naf25_code" text,
	"headcount_band" text,
	"headcount_year" smallint,
	"employer" boolean,
	"address_number" text,
	"address_repetition" text,
	"address_street_type" text,
	"address_street" text,
	"address_complement" text,
	"address_post_box" text,
	"postcode" text,
	"commune_code" text,
	"commune_name" text,
	"cedex" text,
	"foreign_city" text,
	"foreign_country" text,
	"field_sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sirene_updated_at" timestamp,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financials" (
	"siren" char(9) NOT NULL,
	"closing_date" date NOT NULL,
	"fiscal_year" smallint NOT NULL,
	"accounts_type" text,
	"revenue" bigint,
	"net_result" bigint,
	"ebitda" bigint,
	"ratios" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "financials_siren_closing_date_source_pk" PRIMARY KEY("siren","closing_date","source")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" char(64) NOT NULL,
	"started_at" timestamp DEFAULT now() NOT NULL,
	"finished_at" timestamp,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_inserted" integer DEFAULT 0 NOT NULL,
	"rows_updated" integer DEFAULT 0 NOT NULL,
	"rows_unchanged" integer DEFAULT 0 NOT NULL,
	"rows_rejected" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insolvency_proceedings" (
	"id" text PRIMARY KEY NOT NULL,
	"siren" char(9) NOT NULL,
	"notice_id" text,
	"judgment_date" date,
	"nature" text,
	"state" text,
	"court" text,
	"complement" text
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"siren" char(9),
	"bodacc_kind" char(1) NOT NULL,
	"family" text NOT NULL,
	"type_label" text,
	"published_at" date NOT NULL,
	"issue_number" text,
	"notice_number" text,
	"court" text,
	"company_name" text,
	"text" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opposition_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opposition_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"siren" char(9),
	"person_key" text,
	"email" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'received' NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "brands_siren_idx" ON "brands" USING btree ("siren");--> statement-breakpoint
CREATE INDEX "companies_status_idx" ON "companies" USING btree ("status");--> statement-breakpoint
CREATE INDEX "directors_siren_idx" ON "directors" USING btree ("siren");--> statement-breakpoint
CREATE INDEX "directors_person_key_idx" ON "directors" USING btree ("person_key");--> statement-breakpoint
CREATE INDEX "establishment_agreements_siren_idx" ON "establishment_agreements" USING btree ("siren");--> statement-breakpoint
CREATE INDEX "establishments_siren_idx" ON "establishments" USING btree ("siren");--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_file_idx" ON "import_runs" USING btree ("source","file_sha256");--> statement-breakpoint
CREATE INDEX "insolvency_siren_idx" ON "insolvency_proceedings" USING btree ("siren");--> statement-breakpoint
CREATE INDEX "notices_siren_idx" ON "notices" USING btree ("siren","published_at");