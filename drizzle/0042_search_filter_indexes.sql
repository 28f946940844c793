-- Issue 39 (speed of the drop-in's filters, docs/SEARCH.md « Filtres larges et filtres sélectifs »).
-- A list filtered by amounts (`ca_min`, `resultat_net_max`, our `ca_min`…) holds companies with
-- published accounts only: their own copy of the drop-in's order (most open establishments first),
-- where the whole order's index was walked (1 s at 1 M, the generated units have no accounts).
CREATE INDEX IF NOT EXISTS "search_companies_finances_open_idx" ON "search_companies" USING btree ("open_establishments" DESC NULLS LAST, "siren") WHERE name IS NOT NULL AND (revenue IS NOT NULL OR net_result IS NOT NULL);--> statement-breakpoint
-- An élu by name (`type_personne=ELU`, `nom_personne`, our `elu`): the folded words of the name,
-- the expression the filter writes (src/search/filters.ts), where every élu's name was folded.
CREATE INDEX IF NOT EXISTS "elected_officials_words_idx" ON "elected_officials" USING gin ((string_to_array(search_fold(last_name || ' ' || coalesce(first_names, '')), ' ')));
