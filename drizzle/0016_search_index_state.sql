CREATE TABLE "search_index_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"full_rebuild" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_stale_sirens" (
	"siren" char(9) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- An index left empty beside loaded data (an import killed during its index step, before the
-- stale mark existed) is rebuilt by the next import run or server start.
INSERT INTO "search_index_state" ("id", "full_rebuild")
SELECT 1, EXISTS (SELECT 1 FROM companies) AND NOT EXISTS (SELECT 1 FROM search_companies);
