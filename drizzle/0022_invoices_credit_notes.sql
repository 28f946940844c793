CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"number" bigint NOT NULL,
	"user_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"order_id" text,
	"label" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"price_excl_vat_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_invoice_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_idx" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_user_idx" ON "credit_notes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_idx" ON "invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
-- The two sequences (1 invoices, 2 credit notes) exist before anything is issued: the issuer locks its row first.
INSERT INTO "invoice_counter" ("id", "last_number") VALUES (1, 0), (2, 0) ON CONFLICT ("id") DO NOTHING;
