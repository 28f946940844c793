ALTER TABLE "financials" DROP CONSTRAINT "financials_siren_closing_date_source_pk";--> statement-breakpoint
ALTER TABLE "financials" ALTER COLUMN "accounts_type" SET DEFAULT '';--> statement-breakpoint
UPDATE "financials" SET "accounts_type" = '' WHERE "accounts_type" IS NULL;--> statement-breakpoint
ALTER TABLE "financials" ALTER COLUMN "accounts_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "financials" ADD CONSTRAINT "financials_siren_closing_date_accounts_type_source_pk" PRIMARY KEY("siren","closing_date","accounts_type","source");