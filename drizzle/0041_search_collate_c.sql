-- Issue 40: the words of the inverted index and of the vocabulary compare byte by byte
-- (COLLATE "C"). Under the database's collation (C.UTF-8 here, a language's elsewhere) PostgreSQL
-- compares every pair of keys through strcoll and cannot sort on abbreviated keys: the builds of
-- the postings' two indexes and of the vocabulary's key took twice as long (docs/SCALE.md). The
-- searches only test these columns for equality, by prefix through text_pattern_ops and by
-- trigrams, never sort on them: same results. The rows do not change; PostgreSQL rebuilds the
-- tables' indexes here (instantly on an empty index).
ALTER TABLE "search_postings" ALTER COLUMN "token" TYPE text COLLATE "C",
  ALTER COLUMN "department" TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "search_vocabulary" ALTER COLUMN "token" TYPE text COLLATE "C";
