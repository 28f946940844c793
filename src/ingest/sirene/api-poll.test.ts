import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIRENE_TEST_KEY as KEY, startFakeSirene, type FakeSirene } from '@/clients/insee/testing';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { count, rows } from '../testing';
import { pollSireneApi } from './api-poll';

/** The job against a local HTTP server playing the INSEE Sirene API (src/clients/insee/testing.ts). */
const PAGE = 8;

let db: DbHandle;
let api: FakeSirene;
beforeAll(async () => {
  db = await createTestDb();
  api = await startFakeSirene(PAGE);
});
afterAll(async () => {
  await db?.close();
  await api?.close();
});

const poll = (opts: { since?: string; apiKey?: string } = {}) =>
  pollSireneApi(db, {
    baseUrl: api.baseUrl,
    apiKey: KEY,
    pageSize: PAGE,
    importOptions: { progress: 'off' },
    ...opts,
  });

describe('INSEE Sirene API polling job', () => {
  it('refuses to start without a date when no previous poll is recorded', async () => {
    await expect(poll()).rejects.toThrow(/--since/);
    expect(api.seen).toHaveLength(0);
  });

  it('pages through the changes since a date with the key, imports them and keeps the watermark', async () => {
    const [ul, etab] = await poll({ since: '2019-01-01' });
    expect(api.seen[0]).toMatchObject({
      path: '/api-sirene/siren',
      q: 'dateDernierTraitementUniteLegale:[2019-01-01 TO *]',
      curseur: '*',
      nombre: '8',
      key: KEY,
    });
    const siret = api.seen.filter((s) => s.path === '/api-sirene/siret');
    expect(siret.map((s) => s.curseur)).toEqual(['*', 'c8', 'c16']);
    expect(siret[0]!.q).toBe('dateDernierTraitementEtablissement:[2019-01-01 TO *]');
    expect(ul).toMatchObject({ pages: 1, objects: 1, watermark: '2019-12-01T20:00:57' });
    expect(etab).toMatchObject({ pages: 3, objects: 20, watermark: '2019-11-30T20:00:20' });
    // The 20 establishments, and the 15 legal units their answers carry (`uniteLegale`).
    expect(etab!.summaries.reduce((n, s) => n + (s.tables.establishments?.inserted ?? 0), 0)).toBe(
      20,
    );
    expect(etab!.summaries.reduce((n, s) => n + s.inserted, 0)).toBe(35);
    expect(await count(db, 'establishments')).toBe(20);
    expect(await count(db, 'companies')).toBe(16);
    expect(await count(db, 'companies', `siren = '026280206'`)).toBe(1);
    expect(await rows(db, 'SELECT name, value FROM ingest_cursors ORDER BY name')).toEqual([
      { name: 'sirene-api:etab', value: '2019-11-30T20:00:20' },
      { name: 'sirene-api:ul', value: '2019-12-01T20:00:57' },
    ]);
  });

  it('starts the next poll from the watermark, and changes nothing when nothing changed', async () => {
    api.seen.length = 0;
    const [ul, etab] = await poll();
    expect(api.seen[0]!.q).toBe('dateDernierTraitementUniteLegale:[2019-12-01T20:00:57 TO *]');
    expect(api.seen.find((s) => s.path === '/api-sirene/siret')!.q).toBe(
      'dateDernierTraitementEtablissement:[2019-11-30T20:00:20 TO *]',
    );
    for (const r of [ul!, etab!])
      for (const s of r.summaries) expect(s).toMatchObject({ inserted: 0, updated: 0 });
  });

  it('fails with a French message on a refused key or a server error, keeping the watermark', async () => {
    await expect(poll({ apiKey: 'mauvaise' })).rejects.toThrow(/accès refusé \(401\)/);
    api.failWith = 500;
    try {
      await expect(poll({ since: '2018-01-01' })).rejects.toThrow(/API Sirene : réponse 500/);
    } finally {
      api.failWith = null;
    }
    expect(await rows(db, `SELECT value FROM ingest_cursors WHERE name = 'sirene-api:ul'`)).toEqual(
      [{ value: '2019-12-01T20:00:57' }],
    );
  });
});
