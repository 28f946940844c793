/**
 * The labels' daily refresh against a local HTTP server playing the producers (no internet in
 * tests): every source downloaded and imported, paged answers followed, a failing source reported
 * without stopping the others, the success recorded only when all went through.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { LABELS_DAILY_CURSOR, runLabelsDaily } from './labels-daily';
import { count, rows, sample } from './testing';

let db: DbHandle;
let server: http.Server;
let base: string;
const files = new Map<string, Buffer>();
const broken = new Set<string>();
const seen: string[] = [];

beforeAll(async () => {
  db = await createTestDb();
  const fixture = (p: string) => readFileSync(path.resolve('src/ingest', p));
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Index').addRow(['SIREN']);
  wb.worksheets[0]!.addRow(['356000000']);
  files.set('/ess-france/ess-france.csv', Buffer.from('SIREN;Nom\n800329849;THEATRE\n'));
  files.set(
    '/marche-inclusion/siae.json',
    readFileSync(sample('marche-inclusion/site-api-inclusion.json')),
  );
  files.set('/agence-bio/operateurs.json', readFileSync(sample('agence-bio/site-api-bio.json')));
  // Two pages of data-fair lines: the second reached through `next`.
  files.set(
    '/rge/rge.json',
    Buffer.from(
      JSON.stringify({
        total: 2,
        results: [{ siret: '84370107900017', code_qualification: '3111D111' }],
        next: '__BASE__/rge/page2.json',
      }),
    ),
  );
  files.set(
    '/rge/page2.json',
    Buffer.from(
      JSON.stringify({
        total: 2,
        results: [{ siret: '55203253400646', code_qualification: 'E123' }],
        next: null,
      }),
    ),
  );
  files.set('/egapro/index-egalite-fh.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
  files.set(
    '/spectacle/spectacle.csv',
    readFileSync(sample('spectacle/site-entrepreneur-spectacles.json')),
  );
  files.set(
    '/organisme-formation/liste-publique-des-of.csv',
    readFileSync(sample('organisme-formation/site-dgefp.json')),
  );
  files.set(
    '/uai/mesr.csv',
    readFileSync(
      sample(
        'uai/City-Fighting-fr-esr-principaux-etablissements-enseignement-superieur.head201.csv',
      ),
    ),
  );
  files.set(
    '/alim-confiance/alim-confiance.csv',
    readFileSync(sample('alim-confiance/DATA4FOOD-export_alimconfiance.head201.csv')),
  );
  files.set('/finess/etalab-etablissements.csv', fixture('finess/fixture-etablissements.csv'));
  files.set(
    '/finess/etalab-entites-juridiques.csv',
    fixture('finess/fixture-entites-juridiques.csv'),
  );
  files.set('/patrimoine-vivant/epv.csv', fixture('patrimoine-vivant/fixture-epv.csv'));
  files.set('/achats-responsables/rfar.csv', fixture('achats-responsables/fixture-rfar.csv'));
  server = http.createServer((req, res) => {
    const p = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push(req.url ?? '');
    const body = files.get(p);
    if (!body || broken.has(p)) {
      res.writeHead(broken.has(p) ? 500 : 404).end();
      return;
    }
    res
      .writeHead(200)
      .end(Buffer.from(body.toString('latin1').replace('__BASE__', base), 'latin1'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await db?.close();
});

const cursor = () =>
  rows<{ value: string }>(db, 'SELECT value FROM ingest_cursors WHERE name = $1', [
    LABELS_DAILY_CURSOR,
  ]).then((r) => r[0]?.value ?? null);

describe('labels daily refresh', () => {
  it(
    'downloads and imports every source, following pages, and records its success',
    { timeout: 120_000 },
    async () => {
      const r = await runLabelsDaily(db, { day: '2026-11-28', baseUrl: base });
      expect(r.failed).toEqual([]);
      expect(r.skipped).toEqual([]);
      const labels = await rows<{ source: string; n: number }>(
        db,
        `SELECT source, count(*)::int AS n FROM company_labels GROUP BY 1 ORDER BY 1`,
      );
      expect(labels.map((l) => l.source)).toEqual([
        'achats-responsables',
        'agence-bio',
        'alim-confiance',
        'egapro',
        'ess-france',
        'finess',
        'marche-inclusion',
        'organisme-formation',
        'patrimoine-vivant',
        'rge',
        'spectacle',
        'uai',
      ]);
      expect(await count(db, 'label_identifiers', "source = 'rge'")).toBe(2);
      expect(seen).toContain('/rge/page2.json');
      expect(seen.some((u) => u.startsWith('/agence-bio/operateurs.json?nb=1000&debut=0'))).toBe(
        true,
      );
      expect(await cursor()).toBe('2026-11-28');
    },
  );

  it('reports a failing source, imports the others, and does not record the day', async () => {
    broken.add('/rge/rge.json');
    files.set('/ess-france/ess-france.csv', Buffer.from('SIREN;Nom\n356000000;LA POSTE\n'));
    const r = await runLabelsDaily(db, { day: '2026-11-29', baseUrl: base });
    expect(r.failed).toEqual([
      { source: 'rge (rge.json)', error: expect.stringMatching(/réponse 500/) },
    ]);
    expect(await count(db, 'company_labels', "source = 'ess-france' AND siren = '356000000'")).toBe(
      1,
    );
    expect(await count(db, 'label_identifiers', "source = 'rge'")).toBe(2);
    expect(await cursor()).toBe('2026-11-28');
  });
});
