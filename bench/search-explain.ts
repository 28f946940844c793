/**
 * npx tsx bench/search-explain.ts --pg-db h27_bench_search [--class 'nom + lieu'] [--top 5]
 *   [--queries 100] [--no-explain] [--pglite-dir /tmp/bench-search-pglite]
 * Runs the bench's queries of the issue 27 shapes (name + 3 filters, name + place, a broad filter
 * sorted by size, 10 km around a point in Paris: the same cases as bench/search.ts) twice through
 * the API handler, records each SQL statement a request sends and its time, then prints the
 * slowest requests of the second pass (their p95 and above) with their statements, and
 * EXPLAIN (ANALYZE, BUFFERS) of each such request's slowest statement. With --pglite-dir, the same
 * on the bench's PGlite directory (its EXPLAIN ANALYZE, which lists the buffers as well).
 */
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { connectPostgres, wrapPglite, type Db, type DbHandle } from '@/db/client';
import { openPglite } from '@/db/pglite';
import { handleCompanySearch } from '@/public-api/search-handlers';
import { COMMON } from './lib/words';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DB = arg('pg-db', 'h27_bench_search');
const N = Number(arg('queries', '100'));
const TOP = Number(arg('top', '5'));
const ONLY = arg('class', '');
const PGLITE_DIR = arg('pglite-dir', '');

/** Commune code and name of the bench's cities (bench/search.ts). */
const CITIES: Array<[string, string]> = [
  ['75108', 'PARIS'],
  ['75111', 'PARIS'],
  ['69383', 'LYON'],
  ['13201', 'MARSEILLE'],
  ['31555', 'TOULOUSE'],
  ['06088', 'NICE'],
  ['44109', 'NANTES'],
  ['67482', 'STRASBOURG'],
  ['34172', 'MONTPELLIER'],
  ['33063', 'BORDEAUX'],
  ['59350', 'LILLE'],
  ['35238', 'RENNES'],
  ['51454', 'REIMS'],
  ['97411', 'SAINT-DENIS'],
  ['2A004', 'AJACCIO'],
  ['38185', 'GRENOBLE'],
  ['21231', 'DIJON'],
  ['49007', 'ANGERS'],
  ['37261', 'TOURS'],
  ['63113', 'CLERMONT-FERRAND'],
];

type Case = { cls: string; params: Record<string, string> };
const cases: Case[] = [];
for (let i = 0; i < N; i++) {
  const city = CITIES[i % CITIES.length]!;
  const dep = city[0].startsWith('97') ? city[0].slice(0, 3) : city[0].slice(0, 2);
  cases.push({
    cls: 'nom + 3 filtres',
    params: {
      q: COMMON[(i * 7) % COMMON.length]!.toLowerCase(),
      departement: dep,
      etat: 'actif',
      categorie: 'PME',
    },
  });
  cases.push({
    cls: 'nom + lieu',
    params: { q: `${COMMON[(i * 3) % COMMON.length]!.toLowerCase()} ${city[1].toLowerCase()}` },
  });
  cases.push({
    cls: 'filtre large, taille',
    params: {
      departement: dep === '2A' ? '75' : dep,
      activite: ['C', 'H', 'M', 'L', 'F', 'G'][i % 6]!,
      tri: 'taille',
    },
  });
  const lat = 48.82 + ((i * 37) % 100) / 1000;
  const lon = 2.26 + ((i * 61) % 150) / 1000;
  cases.push({
    cls: '10 km autour (Paris)',
    params: { lat: lat.toFixed(4), lon: lon.toFixed(4), rayon: '10' },
  });
}

// Other shapes, for --dump (the same answers before and after a change).
for (let i = 0; i < N; i++) {
  const w = COMMON[(i * 5) % COMMON.length]!.toLowerCase();
  cases.push({
    cls: 'mots',
    params: { q: `${w} ${COMMON[(i * 11) % COMMON.length]!.toLowerCase()}` },
  });
  cases.push({ cls: 'préfixe', params: { q: w.slice(0, 3 + (i % 3)) } });
  cases.push({
    cls: 'nom + filtres',
    params: { q: w, departement: CITIES[i % 20]![0].slice(0, 2), etat: 'actif' },
  });
}

const dialect = new PgDialect();
type Stmt = { text: string; params: unknown[]; ms: number };

async function main() {
  const url = `postgres://postgres@127.0.0.1:5432/${DB}`;
  const handle: DbHandle = PGLITE_DIR
    ? wrapPglite(await openPglite(PGLITE_DIR))
    : connectPostgres(url, 4);
  let log: Stmt[] = [];
  const db = new Proxy(handle.db, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return async (q: SQL) => {
          const t = performance.now();
          try {
            return await (target.execute as (x: SQL) => Promise<unknown>).call(target, q);
          } finally {
            const { sql: text, params } = dialect.sqlToQuery(q);
            log.push({ text, params, ms: performance.now() - t });
          }
        };
      return Reflect.get(target, prop, receiver);
    },
  }) as Db;
  const results: Array<{ c: Case; ms: number; stmts: Stmt[]; total: number }> = [];
  for (let pass = 0; pass < 2; pass++) {
    results.length = 0;
    for (const c of cases) {
      if (ONLY && c.cls !== ONLY) continue;
      log = [];
      const u = new URL('http://bench/api/search/companies');
      for (const [k, v] of Object.entries(c.params)) u.searchParams.set(k, v);
      const t = performance.now();
      const res = await handleCompanySearch(db, new Request(u));
      const body = (await res.json()) as { data?: { data: { total: number } } };
      results.push({
        c,
        ms: performance.now() - t,
        stmts: log,
        total: body.data?.data.total ?? -1,
      });
    }
  }
  const dump = arg('dump', '');
  if (dump) {
    const out: unknown[] = [];
    for (const c of cases) {
      const u = new URL('http://bench/api/search/companies');
      for (const [k, v] of Object.entries(c.params)) u.searchParams.set(k, v);
      out.push({ c, body: await (await handleCompanySearch(db, new Request(u))).json() });
    }
    const fs = await import('node:fs');
    fs.writeFileSync(dump, JSON.stringify(out, null, 1));
    await handle.close();
    return;
  }
  // EXPLAIN through the same database on PGlite (one connection; its ANALYZE lists buffers too).
  const explain = async (text: string, params: unknown[]): Promise<string[]> => {
    if (handle.pglite) {
      const r = await handle.pglite.query<Record<string, string>>(
        `EXPLAIN ANALYZE ${text}`,
        params,
      );
      return r.rows.map((x) => x['QUERY PLAN']!);
    }
    const r = await client!.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
    return r.rows.map((x: Record<string, string>) => x['QUERY PLAN']!);
  };
  const client = handle.pglite ? null : new pg.Client({ connectionString: url });
  await client?.connect();
  for (const cls of [...new Set(results.map((r) => r.c.cls))]) {
    const rs = results.filter((r) => r.c.cls === cls).sort((a, b) => b.ms - a.ms);
    const ms = rs.map((r) => r.ms).sort((a, b) => a - b);
    const p = (x: number) => ms[Math.min(ms.length - 1, Math.floor(x * ms.length))]!.toFixed(1);
    console.log(`\n## ${cls}: median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`);
    for (const r of rs.slice(0, TOP)) {
      console.log(
        `\n### ${JSON.stringify(r.c.params)}: ${r.ms.toFixed(1)} ms, total ${r.total}, ${r.stmts.length} statements: ${r.stmts.map((s) => s.ms.toFixed(1)).join(' + ')}`,
      );
      if (args.includes('--no-explain')) continue;
      const slow = [...r.stmts].sort((a, b) => b.ms - a.ms)[0]!;
      if (args.includes('--sql')) console.log(slow.text, JSON.stringify(slow.params));
      console.log((await explain(slow.text, slow.params)).join('\n'));
    }
  }
  await client?.end();
  await handle.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
