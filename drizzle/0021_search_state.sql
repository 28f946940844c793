-- Search results show the company page's state and main director (issue 16, part 7): the index
-- keeps the state, its dates and the main director's row. Derived data: rebuilt in full by the
-- next import run or server start (`npm run search:reindex` at once).
ALTER TABLE "search_companies" ALTER COLUMN "main_director" SET DATA TYPE jsonb USING NULL;--> statement-breakpoint
ALTER TABLE "search_companies" DROP COLUMN "main_director_role";--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "state" text;--> statement-breakpoint
UPDATE "search_companies" SET "state" = CASE "status" WHEN 'C' THEN 'ceased' ELSE 'active' END;--> statement-breakpoint
ALTER TABLE "search_companies" ALTER COLUMN "state" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "ceased_date" date;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "strike_off_date" date;--> statement-breakpoint
INSERT INTO "search_index_state" ("id", "full_rebuild") SELECT 1, true WHERE EXISTS (SELECT 1 FROM "search_companies")
ON CONFLICT ("id") DO UPDATE SET "full_rebuild" = true, "updated_at" = now();
