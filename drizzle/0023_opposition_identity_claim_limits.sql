CREATE TABLE "opposition_documents" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"iv" "bytea" NOT NULL,
	"auth_tag" "bytea" NOT NULL,
	"ciphertext" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opposition_cases" ADD COLUMN "proof_method" text;--> statement-breakpoint
ALTER TABLE "opposition_documents" ADD CONSTRAINT "opposition_documents_case_id_opposition_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."opposition_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Pending claims a race left twice for one user and company: the oldest stays.
UPDATE "company_claims" c SET "status" = 'withdrawn'
WHERE c."status" = 'pending' AND EXISTS (
  SELECT 1 FROM "company_claims" o
  WHERE o."status" = 'pending' AND o."user_id" = c."user_id" AND o."siren" = c."siren" AND o."id" < c."id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_claims_one_pending_idx" ON "company_claims" USING btree ("user_id","siren") WHERE status = 'pending';