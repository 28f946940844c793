-- Director sitemaps are hash ranges of the person key (src/registry/indexes.ts): each file reads
-- one range of this index, so a sitemap costs the same whatever its number (no OFFSET). The
-- expression is written identically in the queries so the planner uses the index. Company
-- sitemaps are SIREN ranges read through the primary key and need no index of their own.
CREATE INDEX IF NOT EXISTS directors_sitemap_idx
  ON directors ((hashtext(person_key)::bigint & 2147483647), person_key, id)
  WHERE kind = 'person';
