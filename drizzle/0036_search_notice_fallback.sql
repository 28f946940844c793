ALTER TABLE "search_companies" ADD COLUMN "activity_text" text;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "activity_source" text;--> statement-breakpoint
ALTER TABLE "search_companies" ADD COLUMN "address_source" text;--> statement-breakpoint
-- Companies without a head office establishment whose address or activity another source states
-- (a BODACC notice) are indexed again, with that address (for the department filter) and activity.
INSERT INTO "search_stale_sirens" ("siren")
SELECT c.siren FROM companies c
WHERE (c.head_office_address IS NOT NULL OR (c.activity_description IS NOT NULL AND c.naf_code IS NULL))
  AND NOT EXISTS (SELECT 1 FROM establishments h WHERE h.siret = c.siren || c.head_office_nic)
ON CONFLICT DO NOTHING;
