CREATE TABLE "error_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "error_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"siren" text NOT NULL,
	"section" text NOT NULL,
	"field" text NOT NULL,
	"holder" text NOT NULL,
	"origin" text NOT NULL,
	"message" text NOT NULL,
	"email" text,
	"status" text NOT NULL,
	"reply" text,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "error_reports_status_idx" ON "error_reports" USING btree ("status","created_at");