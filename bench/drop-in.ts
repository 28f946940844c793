/**
 * npx tsx bench/drop-in.ts [-- --pg-db bench_search --queries 50]
 * The drop-in for the government's search API (src/drop-in/), on a PostgreSQL base prepared by
 * bench/search.ts (`--prepare-only`: generated units plus the real sample; or a copy of the
 * shared 1 M base: `CREATE DATABASE x_1m TEMPLATE base1m`). Prints, p50 / p95:
 *  1. its own overhead: the same queries through our search (parseSearchRequest +
 *     searchFromRequest, 10 rows), through the route handler (`GET` of
 *     src/app/api/recherche-entreprises/search/route.ts: URL, validation, the search, the answer's
 *     JSON, `minimal=true` then the full answer with every block), and as bare SQL: the
 *     statements that very route call sent, recorded once then replayed on the same pool with
 *     the same concurrency (each statement starts once those that ended before it started in the
 *     recorded call are done). Route minus bare SQL is the drop-in's own work, in Node;
 *  2. each of its filters alone and with a name (`q`), through the drop-in.
 * The generated units carry no label: a deterministic share of them gets labels, identifiers,
 * collectivity codes and SIRENE flags here (once; `--relabel` again), the index's label column
 * is refreshed, then the timings run (`--skip-label`: the base as the indexer left it). `--cases
 * nom_personne,ELU`: only the filters of part 2 whose name holds one of these words, part 1
 * skipped; `--pages`: part 2 prints the pages each call reads as well (EXPLAIN (ANALYZE,
 * BUFFERS) of its statements: the work, whatever the load). Timed runs under `flock
 * /tmp/heavy.lock`.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { connectPostgres, queryRows, type Db } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { dropInSearch, MAX_TOTAL_RESULTS } from '@/drop-in/handlers';
import { searchFromRequest } from '@/search/companies';
import { BY_OPEN_ESTABLISHMENTS } from '@/search/filters';
import { rebuildLabelCounts } from '@/search/label-counts';
import { parseSearchRequest } from '@/search/request';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const PG_DB = arg('pg-db', 'bench_search');
// The route module is a server module ('server-only' throws outside React Server Components): the
// marker is stubbed as vitest and the server build do (src/lib/server-only-stub.ts).
const requireCjs = createRequire(import.meta.url);
const serverOnly = requireCjs.resolve('server-only');
requireCjs.cache[serverOnly] = {
  id: serverOnly,
  filename: serverOnly,
  loaded: true,
  exports: {},
} as NodeJS.Module;
const QUERIES = Number(arg('queries', '50'));
/** `--pages`: part 2 prints, too, the pages each call reads (pagesRead). */
const PAGES = args.includes('--pages');
/** `--cases a,b`: part 2's filters whose name holds `a` or `b`, and part 1 skipped. */
const CASES = args.includes('--cases')
  ? arg('cases', '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
  : null;

/** Labels on a share of the generated units (by a hash of the SIREN), with their identifiers. */
async function label(db: Db): Promise<void> {
  const [have] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM company_labels WHERE source = 'bench'`,
  );
  if ((have?.n ?? 0) > 0 && !args.includes('--relabel')) return;
  await db.execute(sql`DELETE FROM company_labels WHERE source = 'bench'`);
  const t = performance.now();
  // h = a hash in 0..9999: rge 2 %, finess 0.5 %, uai 0.3 %, bio 1 %, egapro 1 %, qualiopi 1 %,
  // collectivités 0.05 % (with an élu), ess from SIRENE 5 %, société à mission N 60 % / O 0.2 %.
  await db.execute(sql`INSERT INTO company_labels (siren, label, source, source_date, detail)
    SELECT siren, l.label, 'bench', date '2026-01-01', l.detail FROM (
      SELECT siren, abs(hashint4(siren::int + 101)) % 10000 AS h FROM companies WHERE siren >= '99') c
    CROSS JOIN LATERAL (VALUES
      ('rge', c.h < 200, jsonb_build_object('liste_rge', jsonb_build_array((8600 + c.h % 50)::text))),
      ('finess', c.h BETWEEN 200 AND 249, jsonb_build_object('liste_finess', jsonb_build_array(lpad((c.h * 7919)::text, 9, '0')))),
      ('uai', c.h BETWEEN 250 AND 279, jsonb_build_object('liste_uai', jsonb_build_array(lpad(c.h::text, 7, '0') || 'X'))),
      ('bio', c.h BETWEEN 280 AND 379, '{}'::jsonb),
      ('egapro', c.h BETWEEN 380 AND 479, '{}'::jsonb),
      ('qualiopi', c.h BETWEEN 480 AND 579, '{}'::jsonb),
      ('collectivite-territoriale', c.h BETWEEN 580 AND 584, jsonb_build_object('code', c.h::text || 'D',
        'niveau', 'Département', 'elus', jsonb_build_array(jsonb_build_object('nom', 'MARTIN',
        'prenoms', 'Claire', 'annee_de_naissance', '1970-05', 'fonction', null, 'sexe', 'F'))))
    ) AS l(label, keep, detail)
    WHERE l.keep`);
  await db.execute(sql`UPDATE companies SET
      ess = abs(hashint4(siren::int + 103)) % 100 < 5,
      mission_company = CASE WHEN abs(hashint4(siren::int + 107)) % 1000 < 2 THEN true
                             WHEN abs(hashint4(siren::int + 107)) % 10 < 6 THEN false END
    WHERE siren >= '99'`);
  await db.execute(sql`DELETE FROM elected_officials WHERE source = 'bench'`);
  await db.execute(sql`INSERT INTO elected_officials (colter_code, siren, last_name, first_names,
      birth_year, birth_month, sex, source)
    SELECT detail->>'code', siren, 'MARTIN', 'Claire', 1970, 5, 'F', 'bench' FROM company_labels
    WHERE source = 'bench' AND label = 'collectivite-territoriale'`);
  // The index's columns, as the indexer computes them (src/search/indexer.ts).
  await db.execute(sql`UPDATE search_companies s SET
    label_ids = ARRAY(SELECT m.kind || ':' || x.id FROM company_labels l
      CROSS JOIN LATERAL (VALUES ('liste_finess', 'finess-geo'), ('liste_uai', 'uai'), ('liste_rge', 'rge')) AS m(list, kind)
      CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(l.detail -> m.list) = 'array'
        THEN l.detail -> m.list ELSE '[]'::jsonb END) AS x(id)
      WHERE l.siren = s.siren ORDER BY 1),
    colter_code = (SELECT l.detail->>'code' FROM company_labels l WHERE l.siren = s.siren
      AND l.label = 'collectivite-territoriale' LIMIT 1),
    labels = ARRAY(
      SELECT l.label FROM company_labels l WHERE l.siren = s.siren
      UNION SELECT 'ess' FROM companies c WHERE c.siren = s.siren AND c.ess
      UNION SELECT CASE WHEN c.mission_company THEN 'societe-mission' ELSE 'societe-mission-non' END
        FROM companies c WHERE c.siren = s.siren AND c.mission_company IS NOT NULL
      UNION SELECT 'entrepreneur-individuel' FROM companies c WHERE c.siren = s.siren AND c.legal_form_code = '1000'
      UNION SELECT 'association' FROM companies c WHERE c.siren = s.siren
        AND (c.legal_form_code LIKE '92%' OR c.legal_form_code = '5195')
      UNION SELECT 'convention-collective' FROM establishment_agreements a WHERE a.siren = s.siren
      UNION SELECT 'convention-collective' FROM company_agreements a WHERE a.siren = s.siren
      ORDER BY 1)
    WHERE s.siren >= '99'`);
  // The per-label counts, as the indexer keeps them (src/search/label-counts.ts).
  await rebuildLabelCounts(db);
  await db.execute(sql`VACUUM ANALYZE company_labels`);
  await db.execute(sql`VACUUM ANALYZE search_companies`);
  console.log(`  labels posés : ${((performance.now() - t) / 1000).toFixed(0)} s`);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function time(n: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  await run(0); // warm-up
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run(i);
    out.push(performance.now() - t);
  }
  return out;
}

function row(name: string, xs: number[], extra = '') {
  console.log(`| ${name} | ${ms(pct(xs, 50))} | ${ms(pct(xs, 95))} | ${extra.trim()} |`);
}

/**
 * The pages (shared buffers hit or read) of every statement `run` sends, on its second call
 * (the first fills the process's caches), each run again under EXPLAIN (ANALYZE, BUFFERS): work
 * that does not depend on the machine's load.
 */
async function pagesRead(pool: pg.Pool, run: () => Promise<unknown>): Promise<number> {
  await run();
  let pages = 0;
  for (const s of await record(pool, run)) {
    const [text, values] =
      typeof s.args[0] === 'string'
        ? [s.args[0], s.args[1]]
        : [
            (s.args[0] as { text: string }).text,
            (s.args[0] as { values?: unknown[] }).values ?? s.args[1],
          ];
    const res = await pool.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`,
      values as unknown[],
    );
    const plan = (res.rows[0] as { 'QUERY PLAN': Array<{ Plan: Record<string, number> }> })[
      'QUERY PLAN'
    ][0]!.Plan;
    pages += (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
  }
  return pages;
}

/** A statement a call sent to the pool: its arguments, and when it started and ended. */
type Sent = { args: unknown[]; start: number; end: number };

/** The statements `run` sends through `pool.query` (the bench runs one call at a time). */
async function record(pool: pg.Pool, run: () => Promise<unknown>): Promise<Sent[]> {
  const original = pool.query;
  const sent: Sent[] = [];
  pool.query = ((...args: unknown[]) => {
    const s: Sent = { args, start: performance.now(), end: Infinity };
    sent.push(s);
    const p = (original as (...a: unknown[]) => Promise<unknown>).apply(pool, args);
    void p.then(
      () => (s.end = performance.now()),
      () => (s.end = performance.now()),
    );
    return p;
  }) as typeof pool.query;
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return sent;
}

/**
 * The recorded statements again, as bare SQL on the same pool: each starts when every statement
 * that had ended before it started is done (the count and the page in parallel, the page's rows
 * after the page), with the same arguments.
 */
function replay(pool: pg.Pool, sent: readonly Sent[]): Promise<unknown> {
  const done: Array<Promise<unknown>> = [];
  for (const s of sent) {
    const after = sent.flatMap((o, j) => (o.end <= s.start ? [done[j]!] : []));
    const args = s.args.map((a) =>
      a && typeof a === 'object' && !Array.isArray(a) ? { ...a } : a,
    );
    done.push(
      Promise.all(after).then(() =>
        (pool.query as (...a: unknown[]) => Promise<unknown>).apply(pool, args),
      ),
    );
  }
  return Promise.all(done);
}

async function main(): Promise<void> {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  server.pathname = `/${PG_DB}`;
  const handle = connectPostgres(server.toString(), 4);
  const db = handle.db;
  try {
    await runMigrations(handle);
    const [size] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM search_companies`,
    );
    console.log(`PostgreSQL ${PG_DB} : ${size!.n.toLocaleString('fr-FR')} entreprises indexées`);
    // --skip-label: time the base as it is (the indexer's own flags only), without the heavy
    // UPDATE of every generated unit.
    if (args.includes('--skip-label')) await rebuildLabelCounts(db);
    else await label(db);

    const names = (
      await queryRows<{ name: string }>(
        db,
        sql`SELECT name FROM search_companies WHERE name IS NOT NULL
            ORDER BY siren >= '99' DESC, abs(hashint4(siren::int)) LIMIT ${QUERIES}`,
      )
    ).map((r) => r.name.toLowerCase());
    const surnames = (
      await queryRows<{ w: string }>(
        db,
        sql`SELECT DISTINCT last_name AS w FROM directors WHERE last_name ~ '^[A-Z]{3,}$' LIMIT 40`,
      )
    ).map((r) => r.w.toLowerCase());

    (globalThis as { __dbHandle?: typeof handle }).__dbHandle = handle;
    const { GET } = await import('@/app/api/recherche-entreprises/search/route');
    if (!CASES) {
      console.log('\n1. Surcoût du drop-in (mêmes requêtes, 10 lignes) : route − SQL seul\n');
      console.log('| chemin | p50 | p95 | |');
      console.log('| --- | --- | --- | --- |');
    }
    for (const [cls, queries] of [
      ['nom', names.map((q) => ({ ours: { q, per_page: '10' }, gov: { q } }))],
      [
        'filtres (département + section)',
        ['75', '69', '13', '33', '59'].map((d) => ({
          ours: { departement: d, activite: 'F', per_page: '10' },
          gov: { departement: d, section_activite_principale: 'F' },
        })),
      ],
    ] as const) {
      if (CASES) break;
      const direct = await time(QUERIES, async (i) => {
        const q = queries[i % queries.length]!;
        const parsed = parseSearchRequest(new URLSearchParams(q.ours));
        if ('code' in parsed) throw new Error(parsed.message);
        // The same search the drop-in runs (its order, its count stopping at 10,000): the
        // difference is the drop-in's own work (validation, translation, the answer's shape).
        const r = await searchFromRequest(db, parsed, {
          filtersOrder: BY_OPEN_ESTABLISHMENTS,
          countLimit: MAX_TOTAL_RESULTS,
        });
        if (!r.ok) throw new Error(r.message);
      });
      row(`${cls} : notre recherche`, direct);
      // The route handler as Next.js calls it, on this pool (getReadDb() → getDb() reads it from
      // globalThis, src/db/site.ts), its answer read as the client reads it (the JSON text).
      const viaRoute = async (gov: Record<string, string>) => {
        const url = `http://localhost/api/recherche-entreprises/search?${new URLSearchParams(gov)}`;
        const res = await GET(new Request(url));
        const body = await res.text();
        if (res.status !== 200) throw new Error(body);
      };
      for (const [label, extra] of [
        ['minimal=true', { minimal: 'true' }],
        ['complet', {}],
      ] as const) {
        const gov = (i: number) => ({ ...queries[i % queries.length]!.gov, ...extra });
        // Each query's statements, recorded on its second call (the first fills the process's
        // caches: official lists, the common words' vocabulary), then replayed as bare SQL.
        const sent: Sent[][] = [];
        for (let i = 0; i < Math.min(QUERIES, queries.length); i++) {
          await viaRoute(gov(i));
          sent.push(await record(handle.pool!, () => viaRoute(gov(i))));
        }
        const bare = await time(QUERIES, (i) => replay(handle.pool!, sent[i % sent.length]!));
        const route = await time(QUERIES, (i) => viaRoute(gov(i)));
        const statements = sent.map((x) => x.length).sort((a, b) => a - b);
        row(
          `${cls} : SQL seul, ${label}`,
          bare,
          ` ${statements[0]} à ${statements[statements.length - 1]} requêtes`,
        );
        row(
          `${cls} : route, ${label}`,
          route,
          ` surcoût p50 ${ms(pct(route, 50) - pct(bare, 50))} sur le SQL seul, ${ms(pct(route, 50) - pct(direct, 50))} sur notre recherche`,
        );
      }
    }

    const [ids] = await queryRows<{ finess: string; uai: string; rge: string; colter: string }>(
      db,
      sql`SELECT (SELECT detail->'liste_finess'->>0 FROM company_labels WHERE label = 'finess' AND source = 'bench' LIMIT 1) AS finess,
        (SELECT detail->'liste_uai'->>0 FROM company_labels WHERE label = 'uai' AND source = 'bench' LIMIT 1) AS uai,
        (SELECT detail->'liste_rge'->>0 FROM company_labels WHERE label = 'rge' AND source = 'bench' LIMIT 1) AS rge,
        (SELECT detail->>'code' FROM company_labels WHERE label = 'collectivite-territoriale' AND source = 'bench' LIMIT 1) AS colter`,
    );
    const filters: Array<[string, Record<string, string>]> = [
      ['est_rge=true', { est_rge: 'true' }],
      ['est_rge=false', { est_rge: 'false' }],
      ['est_bio=true + est_qualiopi=false', { est_bio: 'true', est_qualiopi: 'false' }],
      ['est_ess=true', { est_ess: 'true' }],
      ['est_societe_mission=false', { est_societe_mission: 'false' }],
      ['est_entrepreneur_individuel=true', { est_entrepreneur_individuel: 'true' }],
      ['est_association=false', { est_association: 'false' }],
      ['convention_collective_renseignee=false', { convention_collective_renseignee: 'false' }],
      ['est_collectivite_territoriale=true', { est_collectivite_territoriale: 'true' }],
      ['code_collectivite_territoriale', { code_collectivite_territoriale: ids!.colter }],
      ['id_finess', { id_finess: ids!.finess }],
      ['id_uai', { id_uai: ids!.uai }],
      ['id_rge', { id_rge: ids!.rge }],
      ['code_postal (2 valeurs)', { code_postal: '75011,69003' }],
      ['ca_min + resultat_net_max', { ca_min: '100000', resultat_net_max: '50000' }],
      ['type_personne=ELU + nom', { type_personne: 'ELU', nom_personne: 'martin' }],
      [
        'nom_personne + dates',
        {
          nom_personne: 'martin',
          date_naissance_personne_min: '1960-01-01',
          date_naissance_personne_max: '1970-12-31',
        },
      ],
      ['region + departement', { region: '84', departement: '69' }],
    ];
    const pageLines: string[] = [];
    console.log('\n2. Chaque filtre du drop-in (minimal=true, compte exact compris)\n');
    console.log('| filtre | seul p50 | seul p95 | avec un nom p50 | avec un nom p95 |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const [name, f] of filters) {
      // A base without the generated labels (the real sample alone) has none of these values.
      if (Object.values(f).some((v) => v == null)) continue;
      if (CASES && !CASES.some((c) => name.includes(c))) continue;
      const n = Math.max(10, Math.floor(QUERIES / 2));
      const alone = await time(n, async () => {
        const a = await dropInSearch(db, new URLSearchParams({ ...f, minimal: 'true' }), 'search');
        if (a.status !== 200) throw new Error(`${name}: ${JSON.stringify(a.body)}`);
      });
      const named = await time(n, async (i) => {
        const q = surnames[i % surnames.length]!;
        const a = await dropInSearch(
          db,
          new URLSearchParams({ q, ...f, minimal: 'true' }),
          'search',
        );
        if (a.status !== 200) throw new Error(`${name}: ${JSON.stringify(a.body)}`);
      });
      console.log(
        `| ${name} | ${ms(pct(alone, 50))} | ${ms(pct(alone, 95))} | ${ms(pct(named, 50))} | ${ms(pct(named, 95))} |`,
      );
      if (PAGES) {
        const call = (q: string | null) => () =>
          dropInSearch(
            db,
            new URLSearchParams({ ...(q ? { q } : {}), ...f, minimal: 'true' }),
            'search',
          );
        const withName = [];
        for (let i = 0; i < n; i++)
          withName.push(await pagesRead(handle.pool!, call(surnames[i % surnames.length]!)));
        pageLines.push(
          `| ${name} | ${await pagesRead(handle.pool!, call(null))} | ${pct(withName, 50)} | ${Math.max(...withName)} | ${withName.reduce((a, b) => a + b, 0)} |`,
        );
      }
    }
    if (PAGES) {
      console.log(
        '\nPages lues par appel (EXPLAIN (ANALYZE, BUFFERS) de chaque requête, 2e appel), avec un nom : les mêmes requêtes\n',
      );
      console.log('| filtre | seul | avec un nom p50 | max | total |');
      console.log('| --- | --- | --- | --- | --- |');
      for (const l of pageLines) console.log(l);
    }
  } finally {
    await handle.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
