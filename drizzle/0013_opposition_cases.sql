CREATE TABLE "opposition_case_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opposition_case_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "opposition_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opposition_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"siren" text,
	"person_key" text,
	"email" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending_confirmation' NOT NULL,
	"review_reasons" text[] DEFAULT '{}' NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"opposition_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "opposition_case_events" ADD CONSTRAINT "opposition_case_events_case_id_opposition_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."opposition_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opposition_case_events_case_idx" ON "opposition_case_events" USING btree ("case_id","at");--> statement-breakpoint
CREATE INDEX "opposition_cases_status_idx" ON "opposition_cases" USING btree ("status","created_at");