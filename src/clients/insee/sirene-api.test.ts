/** The Sirene API client against a local HTTP server playing the API (./testing.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sireneChanges, type ApiKind, type SireneApiOptions } from './sirene-api';
import { SIRENE_TEST_KEY, startFakeSirene, type FakeSirene } from './testing';

let api: FakeSirene;
beforeAll(async () => {
  api = await startFakeSirene(8);
});
afterAll(async () => {
  await api?.close();
});

async function pages(kind: ApiKind, since: string, opts: Partial<SireneApiOptions> = {}) {
  const out: number[] = [];
  for await (const { list } of sireneChanges(
    { baseUrl: `${api.baseUrl}/`, apiKey: SIRENE_TEST_KEY, pageSize: 8, ...opts },
    kind,
    since,
  ))
    out.push(list.length);
  return out;
}

describe('Sirene API client', () => {
  it('pages through the changes since a date with the key and the cursor protocol', async () => {
    api.seen.length = 0;
    expect(await pages('etab', '2019-01-01')).toEqual([8, 8, 4]);
    expect(api.seen.map((s) => s.curseur)).toEqual(['*', 'c8', 'c16']);
    expect(api.seen[0]).toEqual({
      path: '/api-sirene/siret',
      q: 'dateDernierTraitementEtablissement:[2019-01-01 TO *]',
      nombre: '8',
      curseur: '*',
      key: SIRENE_TEST_KEY,
    });
    expect(await pages('ul', '2019-01-01')).toEqual([1]);
  });

  it('gives no page when nothing changed (404 « Aucun élément trouvé »)', async () => {
    expect(await pages('etab', '2030-01-01')).toEqual([]);
    expect(await pages('ul', '2030-01-01')).toEqual([]);
  });

  it('fails with a French message on a refused key, a server error or no server', async () => {
    await expect(pages('ul', '2019-01-01', { apiKey: 'mauvaise' })).rejects.toThrow(
      'API Sirene : accès refusé (401). Vérifiez la clé SIRENE_API_KEY.',
    );
    api.failWith = 500;
    try {
      await expect(pages('ul', '2019-01-01')).rejects.toThrow(/^API Sirene : réponse 500 pour /);
    } finally {
      api.failWith = null;
    }
    await expect(
      pages('ul', '2019-01-01', { baseUrl: 'http://127.0.0.1:9/api-sirene' }),
    ).rejects.toThrow(/^API Sirene injoignable \(http:\/\/127\.0\.0\.1:9\) : /);
  });
});
