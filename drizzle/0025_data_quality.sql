CREATE TABLE "company_contradictions" (
	"siren" char(9) NOT NULL,
	"rule" text NOT NULL,
	"sides" jsonb NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_contradictions_siren_rule_pk" PRIMARY KEY("siren","rule")
);
--> statement-breakpoint
CREATE TABLE "source_claims" (
	"siren" char(9) NOT NULL,
	"source" text NOT NULL,
	"claim" text NOT NULL,
	"value" text,
	"date" text,
	CONSTRAINT "source_claims_siren_source_claim_pk" PRIMARY KEY("siren","source","claim")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "head_office_address" jsonb;--> statement-breakpoint
CREATE INDEX "company_contradictions_rule_idx" ON "company_contradictions" USING btree ("rule");