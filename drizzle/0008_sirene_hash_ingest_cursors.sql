CREATE TABLE "ingest_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sirene_hash" bigint;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "sirene_hash" bigint;