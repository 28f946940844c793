-- Issue 39 (speed of the drop-in's `code_postal`, docs/DROP-IN.md): the postcode index holds the
-- diffusible establishments only, the rows both its readers ask for (`e.diffusion = 'O'`: a
-- partially diffused establishment is never found by its postcode). Its entries then answer
-- alone, without the table (an index-only scan): a count by two postcodes hashes the
-- establishments' SIRENs from the index and probes them with the named companies' own index,
-- where it walked the companies' key and read each row (0.36 s at 1 M).
DROP INDEX IF EXISTS "establishments_postcode_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "establishments_postcode_idx" ON "establishments" USING btree ("postcode","siren") WHERE diffusion = 'O';--> statement-breakpoint
-- A name with a rare filter (`q=adam&est_collectivite_territoriale=true`): the planner estimated
-- 156 postings for a word that has 2,203 (a word outside the 100 most common of the column's
-- statistics gets the average of the others) and checked the filter posting by posting (two index
-- probes each, 44 ms), where hashing the filter's few companies takes 5 ms. A thousand common
-- words in the statistics: the estimate is the word's own. Kept by the index rebuild (a column's
-- setting outlives TRUNCATE); its ANALYZE reads 300,000 rows instead of 30,000.
ALTER TABLE "search_postings" ALTER COLUMN "token" SET STATISTICS 1000;
