CREATE TABLE "communes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"department_code" text,
	"region_code" text,
	"postcodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"population" integer
);
--> statement-breakpoint
CREATE TABLE "reference_codes" (
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"parent" text,
	CONSTRAINT "reference_codes_kind_code_pk" PRIMARY KEY("kind","code")
);
--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "naf_version" text;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "source" text DEFAULT 'sirene' NOT NULL;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "source_updated_at" timestamp;--> statement-breakpoint
CREATE INDEX "communes_department_idx" ON "communes" USING btree ("department_code");