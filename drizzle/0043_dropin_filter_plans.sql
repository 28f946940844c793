-- Issue 39 (speed of the drop-in's filters, docs/DROP-IN.md). A name with a rare filter
-- (`q=adam&est_collectivite_territoriale=true`): the planner estimated 156 postings for a word that
-- has 2,203 (a word outside the 100 most common of the column's statistics gets the average of the
-- others) and checked the filter posting by posting (two index probes each, 44 ms), where hashing
-- the filter's few companies takes 5 ms. A thousand common words in the statistics: the estimate
-- is the word's own. Kept by the index rebuild (a column's setting outlives TRUNCATE); its ANALYZE
-- reads 300,000 rows instead of 30,000.
ALTER TABLE "search_postings" ALTER COLUMN "token" SET STATISTICS 1000;
