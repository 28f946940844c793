CREATE TABLE "company_agreements" (
	"siren" char(9) NOT NULL,
	"idcc" char(4) NOT NULL,
	"source" text NOT NULL,
	"source_date" date,
	CONSTRAINT "company_agreements_siren_idcc_source_pk" PRIMARY KEY("siren","idcc","source")
);
--> statement-breakpoint
CREATE TABLE "company_labels" (
	"siren" char(9) NOT NULL,
	"label" text NOT NULL,
	"source" text NOT NULL,
	"source_date" date,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "company_labels_siren_label_source_pk" PRIMARY KEY("siren","label","source")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rcs_registration_date" date;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rcs_strike_off_date" date;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "stated_establishments" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "stated_open_establishments" integer;--> statement-breakpoint
ALTER TABLE "establishment_agreements" ADD COLUMN "source" text DEFAULT 'idcc' NOT NULL;--> statement-breakpoint
ALTER TABLE "financials" ADD COLUMN "source_date" date;--> statement-breakpoint
ALTER TABLE "financials" ADD COLUMN "quality" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "notice_type" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "corrects_id" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "extra" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "company_labels_label_idx" ON "company_labels" USING btree ("label");--> statement-breakpoint
CREATE INDEX "notices_corrects_idx" ON "notices" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "search_companies_labels_idx" ON "search_companies" USING gin ("labels");