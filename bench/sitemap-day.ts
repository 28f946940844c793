/**
 * npx tsx bench/sitemap-day.ts --db france_h40b_1m [--count 50000]
 *
 * The daily sitemap refresh on a built base (issue 40, docs/SCALE.md): a day's `--count` random
 * companies get a new modification date (as a day of Sirene updates gives them), then the day's
 * refresh is timed two ways: « before », as it was, every company file the day touches read again
 * from its SIREN range (`sitemapCompanies`), and « after », the stored lists patched with the
 * day's companies (`refreshSitemapFiles`, src/seo/sitemap-files.ts). Prints files touched, files
 * rewritten, URLs and wall time of each. The base's sitemaps must have been built (bench:france's
 * `sitemaps` step).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';

const { connectPostgres, queryRows } = await import('../src/db/client');
const { refreshSitemapFiles } = await import('../src/seo/sitemap-files');
const { sitemapCompanies, SIREN_RANGE } = await import('../src/registry/indexes');

const argv = process.argv.slice(2);
const arg = (name: string, def: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? def) : def;
};
const DB = arg('db', '');
const COUNT = Number(arg('count', '50000'));
if (!/^france[a-z0-9_]*$/.test(DB)) {
  console.error('--db : une base de banc dont le nom commence par « france ».');
  process.exit(2);
}
const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${DB}`;
const handle = connectPostgres(url.toString(), 2);
const db = handle.db;
const load = () => os.loadavg()[0]!.toFixed(1);

const [stored] = await queryRows<{ n: number }>(
  db,
  sql`SELECT count(*)::int AS n FROM sitemap_files`,
);
if (!stored?.n) {
  console.error(
    'Aucun plan de site construit sur cette base : lancez l’étape sitemaps de bench:france.',
  );
  process.exit(2);
}
const sirens = (
  await queryRows<{ siren: string }>(
    db,
    sql`UPDATE companies SET updated_at = now() + interval '1 day'
        WHERE siren IN (SELECT siren FROM companies TABLESAMPLE SYSTEM (10) ORDER BY random() LIMIT ${COUNT})
        RETURNING siren`,
  )
).map((r) => r.siren);
const files = new Set(sirens.map((s) => Math.floor(Number(s) / SIREN_RANGE)));
console.log(
  `${sirens.length} entreprises du jour (nouvelle date de modification), ${files.size} fichiers d’entreprises touchés sur ${stored.n} stockés ; charge ${load()}`,
);

let t = performance.now();
let urls = 0;
for (const range of files) urls += (await sitemapCompanies(db, range)).length;
const before = performance.now() - t;
console.log(
  `avant (chaque fichier touché relu sur sa plage de SIREN) : ${files.size} fichiers, ${urls} URL, ${(before / 1000).toFixed(1)} s ; charge ${load()}`,
);

t = performance.now();
const r = await refreshSitemapFiles(db, sirens);
const after = performance.now() - t;
console.log(
  `après (listes stockées rapiécées, dirigeants recalculés) : ${r.files} fichiers vus, ${r.rewritten} réécrits, ${r.removed} retirés, ${r.urls} URL, ${(after / 1000).toFixed(1)} s ; charge ${load()}`,
);
await handle.close();
