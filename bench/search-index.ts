/**
 * npx tsx bench/search-index.ts --db france_1m [--sizes-only] [--no-migrate]
 *
 * The search index's build alone (issue 40, docs/SCALE.md « Index de recherche à 1 M »): rebuilds it
 * in full on an existing PostgreSQL base (DATABASE_URL's server, the database named by --db; never
 * `france`, the full-size base another run may be importing), prints the time of each step of the
 * rebuild (fill statements, index builds, VACUUM ANALYZE), then the size of every search table and
 * of each of its indexes (pg_relation_size), with bytes per row, and the machine's load.
 * Run it in the heavy lock: `flock /tmp/heavy.lock npx tsx bench/search-index.ts --db …`.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { connectPostgres, queryRows } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { rebuildSearchIndex } from '@/search/indexer';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DB = arg('db', '');
if (!DB || DB === 'france') {
  console.error('--db <base> requis (jamais « france »).');
  process.exit(2);
}
const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${DB}`;

const nf = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const mb = (b: number) => `${nf.format(b / 1024 / 1024)} Mo`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const handle = await connectPostgres(url.toString());
try {
  if (!args.includes('--no-migrate')) await runMigrations(handle);
  if (!args.includes('--sizes-only')) {
    console.log(`Reconstruction de l'index de recherche, base ${DB} ; charge ${load()}`);
    const t0 = performance.now();
    const stats = await rebuildSearchIndex(handle.db, {
      onStep: (label, ms) => console.log(`  ${label.padEnd(48)} ${nf.format(ms / 1000)} s`),
    });
    console.log(
      `Total ${nf.format((performance.now() - t0) / 1000)} s : ${nf.format(stats.companies)} entreprises, ` +
        `${nf.format(stats.names)} noms, ${nf.format(stats.postings)} entrées, ` +
        `${nf.format(stats.directors)} dirigeants ; charge ${load()}`,
    );
  }
  const rows = await queryRows<{
    tbl: string;
    idx: string | null;
    bytes: string;
    n: string;
  }>(
    handle.db,
    sql`SELECT t.relname AS tbl, NULL AS idx, pg_table_size(t.oid)::text AS bytes, t.reltuples::bigint::text AS n
        FROM pg_class t WHERE t.relkind = 'r' AND t.relname LIKE 'search\\_%'
          AND t.relnamespace = current_schema()::regnamespace
      UNION ALL
      SELECT t.relname, i.relname, pg_relation_size(i.oid)::text, t.reltuples::bigint::text
        FROM pg_class t JOIN pg_index x ON x.indrelid = t.oid JOIN pg_class i ON i.oid = x.indexrelid
        WHERE t.relkind = 'r' AND t.relname LIKE 'search\\_%'
          AND t.relnamespace = current_schema()::regnamespace
      ORDER BY 1, 2 NULLS FIRST`,
  );
  let total = 0;
  console.log(`\n| table / index | taille | octets par ligne |\n|---|---:|---:|`);
  for (const r of rows) {
    const bytes = Number(r.bytes);
    total += bytes;
    const per = Number(r.n) > 0 ? nf.format(bytes / Number(r.n)) : '–';
    console.log(`| ${r.idx ? `  ${r.idx}` : `**${r.tbl}**`} | ${mb(bytes)} | ${per} |`);
  }
  console.log(`| **total** | ${mb(total)} | |`);
} finally {
  await handle.close();
}
