import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { cpSync } from 'node:fs';
import { SAMPLES_DIR, seedIfEmpty } from './seed';
import { count, rows, run, sample, tempDir, writeTemp } from './testing';

let db: DbHandle;
let samples: string;
beforeAll(async () => {
  db = await createTestDb();
  // The whole sample, but one BODACC issue of the twelve (they are all tested in bodacc/), to keep
  // the suite fast on two cores.
  samples = tempDir('samples-');
  cpSync(SAMPLES_DIR, samples, {
    recursive: true,
    filter: (src) => !/RCS-A_BXA2020(?!0001)\d+\.xml\.gz$/.test(src),
  });
});
afterAll(async () => db?.close());

describe('real sample', () => {
  it('loads every source into an empty database, once', { timeout: 180_000 }, async () => {
    const first = await seedIfEmpty(db, samples);
    expect(first.loaded).toBe(true);
    expect(first.reason).toMatch(
      /^[\d\s\u202f]+ entreprises, [\d\s\u202f]+ établissements, [\d\s\u202f]+ dirigeants, [\d\s\u202f]+ annonces BODACC/,
    );
    expect(await count(db, 'notices')).toBe(1781 + 3);
    expect(await count(db, 'brands')).toBe(5187);
    expect(await count(db, 'reference_codes', "kind = 'naf' AND code = '62.02A'")).toBe(1);
    expect(await count(db, 'communes', "code = '01053'")).toBe(1);
    expect(await count(db, 'reference_codes', "kind = 'legal-form' AND code = '5710'")).toBe(1);
    const second = await seedIfEmpty(db, samples);
    expect(second).toEqual({ loaded: false, reason: 'la base contient déjà des entreprises' });
  });

  it('assembles one company from several sources, each field with its source and date', async () => {
    // GANYMEDE 880878145: identity from the search API, notices from BODACC B and C.
    const [g] = await rows(db, `SELECT * FROM companies WHERE siren = '880878145'`);
    expect(g).toMatchObject({ name: 'GANYMEDE', status: 'C' });
    expect(g!.field_sources).toMatchObject({
      name: { source: 'recherche-entreprises', date: '2024-03-22T14:26:06' },
      capital_amount: { source: 'recherche-entreprises' },
    });
    expect(await count(db, 'notices', "siren = '880878145'")).toBe(3);
  });

  it('lets SIRENE win on identity whatever the order, and keeps what only others know', async () => {
    // A BODACC-like name for a SIRENE company, with a newer date, then the SIRENE stock again.
    const dir = tempDir();
    const answer = {
      result: {
        results: [
          {
            siren: '057502510',
            nom_raison_sociale: 'AUTRE NOM',
            nature_juridique: '5499',
            date_mise_a_jour_insee: '2030-01-01T00:00:00',
            immatriculation: { capital_social: 45000, devise_capital: 'EUR' },
            siege: {
              siret: '05750251000324',
              est_siege: true,
              code_postal: '75001',
              libelle_commune: 'PARIS 1',
            },
          },
        ],
      },
    };
    const other = writeTemp(dir, 'r.json', JSON.stringify(answer));
    const check = async () => {
      const [c] = await rows(db, `SELECT * FROM companies WHERE siren = '057502510'`);
      expect(c).toMatchObject({ name: "ANTINEA COURTAGE D'ASSURANCES", legal_form_code: '5710' });
      expect(Number(c!.capital_amount)).toBe(45000);
      expect(c!.field_sources).toMatchObject({
        capital_amount: { source: 'recherche-entreprises', date: '2030-01-01T00:00:00' },
      });
    };
    // Other source first, SIRENE second…
    await rows(db, `DELETE FROM companies WHERE siren = '057502510'`);
    await run(db, 'recherche-entreprises', other);
    expect((await rows(db, `SELECT name FROM companies WHERE siren = '057502510'`))[0]).toEqual({
      name: 'AUTRE NOM',
    });
    await run(db, 'sirene-ul', sample('sirene/StockUniteLegale_echantillon_joao-sdx.csv'));
    await check();
    // …and SIRENE first, other source second: the same result.
    await run(db, 'recherche-entreprises', other);
    await check();
  });
});
