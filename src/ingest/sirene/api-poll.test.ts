import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { count, rows, sample } from '../testing';
import { pollSireneApi } from './api-poll';

/**
 * A local HTTP server playing the INSEE Sirene API: the real API answers of data/samples/sirene
 * served in pages with the API's cursor protocol (`curseur=*`, then `curseurSuivant`, the last page
 * repeating its own cursor), and 404 « Aucun élément trouvé » when nothing matches.
 */
const ETABS = JSON.parse(readFileSync(sample('sirene/api_results.json'), 'utf8')) as Array<
  Record<string, unknown>
>;
const UL = JSON.parse(readFileSync(sample('sirene/unite_legale.json'), 'utf8')) as Record<
  string,
  unknown
>;
const KEY = 'cle-de-test';
const PAGE = 8;

type Seen = { path: string; q: string; nombre: string; curseur: string; key?: string };
const seen: Seen[] = [];
let failWith: number | null = null;

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const q = url.searchParams.get('q') ?? '';
  const curseur = url.searchParams.get('curseur') ?? '';
  seen.push({
    path: url.pathname,
    q,
    nombre: url.searchParams.get('nombre') ?? '',
    curseur,
    key: req.headers['x-insee-api-key-integration'] as string | undefined,
  });
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.headers['x-insee-api-key-integration'] !== KEY)
    return send(401, { fault: { message: 'Invalid key' } });
  if (failWith) return send(failWith, { header: { statut: failWith, message: 'panne' } });
  const since = /\[(\S+) TO \*\]/.exec(q)?.[1] ?? '';
  if (url.pathname === '/api-sirene/siret') {
    const all = ETABS.filter((e) => String(e.dateDernierTraitementEtablissement) >= since);
    if (all.length === 0)
      return send(404, { header: { statut: 404, message: 'Aucun élément trouvé' } });
    const start = curseur === '*' ? 0 : Number(curseur.replace('c', ''));
    const page = all.slice(start, start + PAGE);
    const next = start + PAGE < all.length ? `c${start + PAGE}` : curseur;
    return send(200, {
      header: {
        statut: 200,
        total: all.length,
        nombre: page.length,
        curseur,
        curseurSuivant: next,
      },
      etablissements: page,
    });
  }
  if (url.pathname === '/api-sirene/siren') {
    if (String(UL.dateDernierTraitementUniteLegale) < since)
      return send(404, { header: { statut: 404, message: 'Aucun élément trouvé' } });
    return send(200, {
      header: { statut: 200, total: 1, nombre: 1, curseur, curseurSuivant: curseur },
      unitesLegales: [UL],
    });
  }
  send(404, { header: { statut: 404, message: 'Not found' } });
});

let db: DbHandle;
let baseUrl = '';
beforeAll(async () => {
  db = await createTestDb();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api-sirene`;
});
afterAll(async () => {
  await db?.close();
  await new Promise((r) => server.close(r));
});

const poll = (opts: { since?: string; apiKey?: string } = {}) =>
  pollSireneApi(db, {
    baseUrl,
    apiKey: KEY,
    pageSize: PAGE,
    importOptions: { progress: 'off' },
    ...opts,
  });

describe('INSEE Sirene API polling job', () => {
  it('refuses to start without a date when no previous poll is recorded', async () => {
    await expect(poll()).rejects.toThrow(/--since/);
    expect(seen).toHaveLength(0);
  });

  it('pages through the changes since a date with the key, imports them and keeps the watermark', async () => {
    const [ul, etab] = await poll({ since: '2019-01-01' });
    expect(seen[0]).toMatchObject({
      path: '/api-sirene/siren',
      q: 'dateDernierTraitementUniteLegale:[2019-01-01 TO *]',
      curseur: '*',
      nombre: '8',
      key: KEY,
    });
    const siret = seen.filter((s) => s.path === '/api-sirene/siret');
    expect(siret.map((s) => s.curseur)).toEqual(['*', 'c8', 'c16']);
    expect(siret[0]!.q).toBe('dateDernierTraitementEtablissement:[2019-01-01 TO *]');
    expect(ul).toMatchObject({ pages: 1, objects: 1, watermark: '2019-12-01T20:00:57' });
    expect(etab).toMatchObject({ pages: 3, objects: 20, watermark: '2019-11-30T20:00:20' });
    expect(etab!.summaries.reduce((n, s) => n + s.inserted, 0)).toBe(20);
    expect(await count(db, 'establishments')).toBe(20);
    expect(await count(db, 'companies', `siren = '026280206'`)).toBe(1);
    expect(await rows(db, 'SELECT name, value FROM ingest_cursors ORDER BY name')).toEqual([
      { name: 'sirene-api:etab', value: '2019-11-30T20:00:20' },
      { name: 'sirene-api:ul', value: '2019-12-01T20:00:57' },
    ]);
  });

  it('starts the next poll from the watermark, and changes nothing when nothing changed', async () => {
    seen.length = 0;
    const [ul, etab] = await poll();
    expect(seen[0]!.q).toBe('dateDernierTraitementUniteLegale:[2019-12-01T20:00:57 TO *]');
    expect(seen.find((s) => s.path === '/api-sirene/siret')!.q).toBe(
      'dateDernierTraitementEtablissement:[2019-11-30T20:00:20 TO *]',
    );
    for (const r of [ul!, etab!])
      for (const s of r.summaries) expect(s).toMatchObject({ inserted: 0, updated: 0 });
  });

  it('fails with a French message on a refused key or a server error, keeping the watermark', async () => {
    await expect(poll({ apiKey: 'mauvaise' })).rejects.toThrow(/accès refusé \(401\)/);
    failWith = 500;
    try {
      await expect(poll({ since: '2018-01-01' })).rejects.toThrow(/API Sirene : réponse 500/);
    } finally {
      failWith = null;
    }
    expect(await rows(db, `SELECT value FROM ingest_cursors WHERE name = 'sirene-api:ul'`)).toEqual(
      [{ value: '2019-12-01T20:00:57' }],
    );
  });
});
