-- Partial diffusion: the most restrictive status known from any source, for the unit or any of its
-- establishments, wins, whatever source wrote the record and in whatever order the sources arrive
-- (src/domain/diffusion.ts explains the rule; docs/DATA.md "Partial diffusion").
-- Three triggers hold it in the database, so that no importer can forget it:
--  1. an establishment stored with a restricted status restricts its unit;
--  2. a unit inserted after its restricted establishments is stored restricted;
--  3. a restricted unit is never made open again by a later write.
CREATE OR REPLACE FUNCTION diffusion_restrict_unit_of_establishment() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET diffusion = 'P', updated_at = now()
    WHERE siren = NEW.siren AND diffusion = 'O';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION diffusion_restrict_new_unit() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM establishments e WHERE e.siren = NEW.siren AND e.diffusion <> 'O') THEN
    NEW.diffusion := 'P';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION diffusion_keep_restriction() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.diffusion := OLD.diffusion;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER establishments_restrict_unit
  AFTER INSERT OR UPDATE OF diffusion ON establishments
  FOR EACH ROW WHEN (NEW.diffusion <> 'O')
  EXECUTE FUNCTION diffusion_restrict_unit_of_establishment();
--> statement-breakpoint
CREATE TRIGGER companies_restrict_new_unit
  BEFORE INSERT ON companies
  FOR EACH ROW WHEN (NEW.diffusion = 'O')
  EXECUTE FUNCTION diffusion_restrict_new_unit();
--> statement-breakpoint
CREATE TRIGGER companies_keep_restriction
  BEFORE UPDATE OF diffusion ON companies
  FOR EACH ROW WHEN (OLD.diffusion <> 'O' AND NEW.diffusion = 'O')
  EXECUTE FUNCTION diffusion_keep_restriction();
--> statement-breakpoint
-- The same rule for many rows at once, set-based: the initial load of a SIRENE stock COPYs with
-- the triggers off (row by row they cost it 20 to 35 %, bench/diffusion-rule.ts) and calls this
-- after (src/ingest/sirene/bulk.ts). Returns the number of units it restricted.
CREATE OR REPLACE FUNCTION diffusion_restrict_units() RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  UPDATE companies c SET diffusion = 'P', updated_at = now()
    WHERE c.diffusion = 'O'
      AND EXISTS (SELECT 1 FROM establishments e WHERE e.siren = c.siren AND e.diffusion <> 'O');
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
--> statement-breakpoint
-- Units already stored open beside a restricted establishment (a BODACC notice created the unit
-- before, or after, SIRENE restricted its establishments).
SELECT diffusion_restrict_units();
