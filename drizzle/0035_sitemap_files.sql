-- Sitemaps built ahead (src/registry/sitemap-files.ts): one row per file of the sitemap index, its
-- gzipped list of paths and dates, a fingerprint of that list, and when the list last changed
-- (the file's Last-Modified). Refreshed after every run of imports, for the changed companies only.
CREATE TABLE IF NOT EXISTS "sitemap_files" (
  "name" text PRIMARY KEY,
  "urls" integer NOT NULL,
  "fingerprint" text NOT NULL,
  "body" bytea NOT NULL,
  "last_modified" timestamptz NOT NULL DEFAULT now()
);
