/**
 * npm run bench:france [-- --db france --units 29000000 --data /work/france-data --every-bodacc 3
 *   --every-rne 5 --parts 10 --redo STEP --only STEP,STEP --skip STEP,STEP --stop-after STEP
 *   --keep-files --day 1]
 *
 * All of France on one machine (issue 40, docs/SCALE.md): generates the full-size synthetic
 * SIRENE stocks, BODACC issues and RNE documents (src/ingest/generate/france.ts), imports them into
 * an empty PostgreSQL database (created if missing; its name must start with `france`), then
 * builds the real sample, the search index, the per-cell counts, the sitemaps, the contradiction
 * flags, runs VACUUM ANALYZE, and prints one table: wall time, rows/s and peak RSS per step, disk
 * per table and index, and the references of the same run (raw COPY of the same files into a bare
 * table, SELECT 1).
 *
 * Resumable: each finished step is recorded in the database (`bench_france_steps`); run the same
 * command again after a crash or a kill -9 and it starts at the first unfinished step. A step
 * interrupted in the middle is redone whole: every import file is one transaction
 * (src/ingest/core/run.ts), so a killed one left nothing behind. Generated files are deleted as
 * soon as their import is committed (--keep-files keeps them).
 *
 * Run it niced, outside the heavy lock: `nice -n 19 ionice -c3 npm run bench:france >> log 2>&1`.
 */
import { spawn } from 'node:child_process';
import { createReadStream, mkdirSync, readFileSync, rmSync, statfsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';

process.env.INGEST_PROGRESS_INTERVAL_MS ??= '30000';

const { connectPostgres, queryRows } = await import('../src/db/client');
const { runMigrations } = await import('../src/db/migrate');
const { importFile } = await import('../src/ingest/core/run');
const { IMPORTERS } = await import('../src/ingest/sources');
const { sampleFiles } = await import('../src/ingest/seed');
const { loadReferenceTables } = await import('../src/ingest/reference/load');
const { rebuildSearchIndex, refreshStaleSearchIndex } = await import('../src/search/indexer');
const { refreshContradictions } = await import('../src/ingest/contradictions');
const { withTransaction } = await import('../src/ingest/core/conn');
const { FULL_UNITS } = await import('../src/ingest/generate/france');
const siteMaps = await import('../src/seo/sitemap-files').catch(() => null);
const geoCells = await import('../src/search/geo/cells').catch(() => null);

const argv = process.argv.slice(2);
function arg(name: string, def: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? def) : def;
}
const DB = arg('db', 'france');
const UNITS = Number(arg('units', String(FULL_UNITS)));
const DATA = path.resolve(arg('data', '/work/france-data'));
const EVERY_BODACC = Number(arg('every-bodacc', '3'));
const EVERY_RNE = Number(arg('every-rne', '5'));
const PARTS = Number(arg('parts', '10'));
const SEED = Number(arg('seed', '40'));
const KEEP = argv.includes('--keep-files');
const REDO = new Set(arg('redo', '').split(',').filter(Boolean));
const ONLY = new Set(arg('only', '').split(',').filter(Boolean));
const SKIP = new Set(arg('skip', '').split(',').filter(Boolean));
const STOP_AFTER = arg('stop-after', '');
/** Which day the `day-1` step applies (its files and the API's changes): 2, 3… on a base that had day 1. */
const DAY = Number(arg('day', '1'));
/** The machine's disk is shared: no step starts below this, and a running one is cancelled below half. */
const MIN_FREE_GB = Number(arg('min-free-gb', '10'));

if (!Number.isInteger(DAY) || DAY < 1) {
  console.error(`--day ${arg('day', '')} : un entier à partir de 1 est attendu.`);
  process.exit(2);
}
if (!/^france[a-z0-9_]*$/.test(DB)) {
  console.error(`Base « ${DB} » refusée : son nom doit commencer par « france » (base de banc).`);
  process.exit(2);
}
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(adminUrl);
url.pathname = `/${DB}`;
// Per-session settings only (the server's configuration is shared): index builds and the
// search rebuild sort in memory where they can.
url.searchParams.set('options', '-c maintenance_work_mem=1GB -c work_mem=64MB');

const nf = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const mb = (b: number) => `${nf.format(b / 1024 / 1024)} Mo`;
const log = (s: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${s}`);

type StepResult = { rows: number; note?: string; peakRss?: number };
type Step = { name: string; label: string; run: () => Promise<StepResult> };

/** Peak RSS of a child process, read from /proc while it runs. */
function childPeak(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs a generator part in a process of its own (two at a time use both cores). */
function generate(part: string, out: string, extra: string[]): Promise<StepResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/ingest/generate/cli.ts',
        'france',
        part,
        '--out',
        out,
        '--seed',
        String(SEED),
        ...extra,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let peak = 0;
    let rows = 0;
    const timer = setInterval(() => (peak = Math.max(peak, childPeak(child.pid!))), 500);
    let lastLine = 0;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      for (const line of d.split('\n').filter(Boolean)) {
        const m = / : (\d+) lignes$/.exec(line);
        if (m) rows = Number(m[1]);
        else if (Date.now() - lastLine > 30_000) {
          lastLine = Date.now();
          log(`  ${line}`);
        }
      }
    });
    child.on('exit', (code) => {
      clearInterval(timer);
      if (code === 0) resolve({ rows, peakRss: peak });
      else {
        rmSync(out, { force: true });
        reject(new Error(`génération ${part} : code ${code}`));
      }
    });
  });
}

/** Runs `fn` sampling this process's RSS; with a line every minute for the long silent phases. */
async function measured(label: string, fn: () => Promise<StepResult>) {
  let peak = process.memoryUsage().rss;
  const t = performance.now();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 200);
  const beat = setInterval(
    () =>
      log(
        `  … ${label} : ${nf.format((performance.now() - t) / 1000)} s, RSS ${mb(process.memoryUsage().rss)}, charge ${os.loadavg()[0]!.toFixed(1)}`,
      ),
    60_000,
  );
  try {
    const r = await fn();
    return { ...r, ms: performance.now() - t, peakRss: Math.max(peak, r.peakRss ?? 0) };
  } finally {
    clearInterval(timer);
    clearInterval(beat);
  }
}

async function ensureDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${DB}`);
      log(`Base ${DB} créée.`);
    }
  } finally {
    await admin.end();
  }
}

async function rawCopy(client: pg.Client, table: string, file: string): Promise<number> {
  const header = await new Promise<string>((resolve, reject) => {
    const s = createReadStream(file).pipe(createGunzip());
    let buf = '';
    s.on('data', (c: Buffer) => {
      buf += c.toString('utf8');
      const nl = buf.indexOf('\n');
      if (nl >= 0) {
        s.destroy();
        resolve(buf.slice(0, nl));
      }
    });
    s.on('error', reject);
  });
  await client.query(`DROP TABLE IF EXISTS ${table}`);
  await client.query(
    `CREATE UNLOGGED TABLE ${table} (${header
      .split(',')
      .map((h) => `"${h}" text`)
      .join(', ')})`,
  );
  await pipeline(
    createReadStream(file, { highWaterMark: 1 << 20 }),
    createGunzip(),
    client.query(copyFrom(`COPY ${table} FROM STDIN WITH (FORMAT csv, HEADER true)`)),
  );
  const [{ n }] = (await client.query(`SELECT count(*)::bigint AS n FROM ${table}`)).rows;
  await client.query(`DROP TABLE ${table}`);
  return Number(n);
}

let guard: NodeJS.Timeout | undefined;

async function main() {
  mkdirSync(DATA, { recursive: true });
  await ensureDatabase();
  const handle = connectPostgres(url.toString(), 3);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await runMigrations(handle);
  await client.query(`CREATE TABLE IF NOT EXISTS bench_france_steps (
    name text PRIMARY KEY, label text NOT NULL, rows bigint NOT NULL, ms double precision NOT NULL,
    peak_rss bigint NOT NULL, note text, load_before real, finished_at timestamptz NOT NULL DEFAULT now())`);
  log(
    `bench:france, base ${DB}, ${nf.format(UNITS)} unités légales ; machine ${os.cpus().length} cœurs, ` +
      `${mb(os.totalmem())}, charge ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  const ulFile = path.join(DATA, `StockUniteLegale_SYNTHETIQUE_FRANCE_${UNITS}.csv.gz`);
  const etFile = path.join(DATA, `StockEtablissement_SYNTHETIQUE_FRANCE_${UNITS}.csv.gz`);
  const done = async (name: string) =>
    (await client.query('SELECT 1 FROM bench_france_steps WHERE name = $1', [name])).rowCount === 1;
  const partRange = (k: number) => {
    const size = Math.ceil(UNITS / PARTS);
    return { from: k * size, to: Math.min(UNITS, (k + 1) * size) };
  };

  const steps: Step[] = [
    {
      name: 'generate-sirene',
      label: 'génération SIRENE (UL + établissements en parallèle, gzip)',
      run: async () => {
        const [ul, et] = await Promise.all([
          generate('ul', ulFile, ['--to', String(UNITS)]),
          generate('et', etFile, ['--to', String(UNITS)]),
        ]);
        return {
          rows: ul.rows + et.rows,
          peakRss: Math.max(ul.peakRss ?? 0, et.peakRss ?? 0),
          note: `${nf.format(ul.rows)} UL (${mb(statSync(ulFile).size)}), ${nf.format(et.rows)} établissements (${mb(statSync(etFile).size)})`,
        };
      },
    },
    {
      name: 'ref-select1',
      label: 'référence : SELECT 1 (1 000 allers-retours)',
      run: async () => {
        const times: number[] = [];
        for (let i = 0; i < 1000; i++) {
          const t = performance.now();
          await client.query('SELECT 1');
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        return {
          rows: 1000,
          note: `médiane ${times[500]!.toFixed(2)} ms, p95 ${times[950]!.toFixed(2)} ms`,
        };
      },
    },
    {
      name: 'import-ul',
      label: 'import unités légales (sirene-ul)',
      run: async () => {
        const s = await importFile(handle, 'sirene-ul', IMPORTERS['sirene-ul'], ulFile, {});
        return { rows: s.read, note: phaseNote(s.phases) };
      },
    },
    {
      name: 'import-et',
      label: 'import établissements (sirene-etab, compteurs dérivés compris)',
      run: async () => {
        const s = await importFile(handle, 'sirene-etab', IMPORTERS['sirene-etab'], etFile, {});
        return { rows: s.read, note: phaseNote(s.phases) };
      },
    },
    {
      name: 'sample',
      label: "échantillon réel (data/samples, dont les fiches de l'Annuaire)",
      run: async () => {
        await loadReferenceTables(handle);
        let rows = 0;
        for (const { source, file } of sampleFiles()) {
          const s = await importFile(handle, source, IMPORTERS[source], file, { progress: 'off' });
          rows += s.read;
        }
        return { rows };
      },
    },
    {
      name: 'search-index',
      label: 'index de recherche (reconstruction complète)',
      run: async () => {
        const s = await rebuildSearchIndex(handle.db);
        return {
          rows: s.companies,
          note: `${nf.format(s.names)} noms, ${nf.format(s.postings)} entrées, ${nf.format(s.directors)} dirigeants`,
        };
      },
    },
    ...(geoCells
      ? [
          {
            name: 'geo-cells',
            label: 'comptes par case (10 km autour)',
            run: async () => ({ rows: await geoCells.rebuildGeoCellCounts(handle.db) }),
          },
        ]
      : []),
    ...(siteMaps
      ? [
          {
            name: 'sitemaps',
            label: 'plans de site (construction complète)',
            run: async () => {
              const r = await siteMaps.refreshSitemapFiles(handle.db, null);
              return {
                rows: r.urls,
                note: `${nf.format(r.files)} fichiers, ${nf.format(r.rewritten)} écrits`,
              };
            },
          },
        ]
      : []),
    {
      name: 'registry-reads',
      label: "lectures de fiche : liste paginée d'une entreprise à 5 000 établissements, dirigeant",
      run: async () => {
        const { listEstablishments } = await import('../src/registry/establishments');
        const { getDirectorProfile } = await import('../src/registry/directors');
        const { franceSiren, GIANT_ESTABLISHMENTS } = await import('../src/ingest/generate/france');
        const siren = franceSiren(Math.min(UNITS, 1_000_000) - 1);
        const company = { siren, protected: false, isNaturalPerson: false };
        const first = await listEstablishments(handle.db, company, { page: 1 });
        const times: string[] = [];
        for (const page of [1, 2, Math.ceil(first.pageCount / 2), first.pageCount]) {
          for (const pass of ['froid', 'chaud']) {
            const t = performance.now();
            const p = await listEstablishments(handle.db, company, { page });
            times.push(
              `page ${page} (${pass}) ${(performance.now() - t).toFixed(1)} ms, ${p.items.length} lignes`,
            );
          }
        }
        const [d] = (
          await client.query(
            `SELECT id FROM directors WHERE kind = 'person' AND siren >= '100000000' ORDER BY siren DESC LIMIT 1`,
          )
        ).rows as Array<{ id: string }>;
        if (d) {
          const t = performance.now();
          const r = await getDirectorProfile(handle.db, d.id);
          times.push(
            `dirigeant ${d.id} ${(performance.now() - t).toFixed(1)} ms (${r.ok ? 'trouvé' : 'absent'})`,
          );
        }
        return {
          rows: first.total,
          note: `${siren} : ${first.total} établissements sur ${GIANT_ESTABLISHMENTS} générés, ${first.pageCount} pages ; ${times.join(' ; ')}`,
        };
      },
    },
    {
      name: 'day-1',
      label:
        "un jour de changements (API Sirene 50 000 UL + 80 000 établissements, un BODACC quotidien, RNE), puis ce qui suit l'import",
      run: async () => {
        const { afterImports } = await import('../src/ingest/after-import');
        const day = DAY;
        const files = {
          ul: path.join(DATA, `sirene_api_ul_SYNTHETIQUE_jour${day}.json.gz`),
          et: path.join(DATA, `sirene_api_etab_SYNTHETIQUE_jour${day}.json.gz`),
          bodacc: path.join(DATA, `RCS-A_BXA_SYNTHETIQUE_jour${day}.xml.gz`),
          rne: path.join(DATA, `rne_SYNTHETIQUE_jour${day}.json.gz`),
        };
        // The BODACC issue and the RNE documents of day N cover the next 40,000 units (new notices).
        const mid = (Math.floor(UNITS / 2) + (day - 1) * 40_000) % Math.max(1, UNITS - 40_000);
        const g = await Promise.all([
          generate('day-ul', files.ul, [
            '--to',
            String(UNITS),
            '--day',
            String(day),
            '--count',
            '50000',
          ]),
          generate('day-et', files.et, [
            '--to',
            String(UNITS),
            '--day',
            String(day),
            '--count',
            '80000',
          ]),
        ]);
        await generate('bodacc', files.bodacc, [
          '--from',
          String(mid),
          '--to',
          String(mid + 20_000),
          '--every',
          '4',
        ]);
        await generate('rne', files.rne, [
          '--from',
          String(mid + 20_000),
          '--to',
          String(mid + 40_000),
          '--every',
          '8',
        ]);
        const t0 = performance.now();
        const parts: string[] = [];
        const summaries = [];
        for (const [source, file] of [
          ['sirene-ul', files.ul],
          ['sirene-etab', files.et],
          ['bodacc', files.bodacc],
          ['rne', files.rne],
        ] as const) {
          const t = performance.now();
          const s = await importFile(handle, source, IMPORTERS[source], file, { progress: 'off' });
          summaries.push(s);
          parts.push(
            `${source} ${s.read} lus, ${s.inserted} insérés, ${s.updated} modifiés en ${((performance.now() - t) / 1000).toFixed(1)} s`,
          );
          rmSync(file, { force: true });
        }
        const t1 = performance.now();
        // A base whose index was never built (its full rebuild pending): the day's search update
        // would be that rebuild; left out, and said.
        const [state] = (
          await client.query(
            `SELECT coalesce((SELECT full_rebuild FROM search_index_state WHERE id = 1), false) AS full`,
          )
        ).rows as Array<{ full: boolean }>;
        if (state?.full)
          parts.push('index de recherche non mis à jour (jamais construit sur cette base)');
        await afterImports(handle, summaries, {
          searchIndex: !state?.full,
          log: (l) => parts.push(l),
          warn: (l) => parts.push(`ATTENTION ${l}`),
        });
        parts.push(`après l'import ${((performance.now() - t1) / 1000).toFixed(1)} s`);
        return {
          rows: summaries.reduce((n, s) => n + s.read, 0),
          peakRss: Math.max(...g.map((x) => x.peakRss ?? 0)),
          note: `imports + suite ${((performance.now() - t0) / 1000).toFixed(1)} s (génération non comprise) : ${parts.join(' ; ')}`,
        };
      },
    },
    {
      name: 'contradictions',
      label: 'contradictions entre sources (recalcul complet)',
      run: async () => ({
        rows: await withTransaction(handle, (conn) => refreshContradictions(conn, null)),
      }),
    },
    {
      name: 'ref-copy-ul',
      label: 'référence : COPY brut du fichier UL (table sans index, colonnes text)',
      run: async () => ({ rows: await rawCopy(client, 'bench_raw_ul', ulFile) }),
    },
    {
      name: 'ref-copy-et',
      label: 'référence : COPY brut du fichier établissements',
      run: async () => ({ rows: await rawCopy(client, 'bench_raw_et', etFile) }),
    },
    {
      name: 'cleanup-files',
      label: 'suppression des fichiers SIRENE générés',
      run: async () => {
        if (!KEEP) {
          rmSync(ulFile, { force: true });
          rmSync(etFile, { force: true });
        }
        return { rows: 0 };
      },
    },
    {
      name: 'vacuum-analyze',
      label: 'VACUUM ANALYZE',
      run: async () => {
        await client.query('VACUUM ANALYZE');
        return { rows: 0 };
      },
    },
    {
      name: 'checksum',
      label: "empreinte (nombre de lignes, md5 de l'index de recherche)",
      run: () => checksum(client),
    },
    ...Array.from({ length: PARTS }, (_, k): Step => ({
      name: `bodacc-${k}`,
      label: `BODACC part ${k + 1}/${PARTS} (génération + import)`,
      run: async () => {
        const file = path.join(DATA, `RCS-A_BXA_SYNTHETIQUE_FRANCE_${k}.xml.gz`);
        const { from, to } = partRange(k);
        const g = await generate('bodacc', file, [
          '--from',
          String(from),
          '--to',
          String(to),
          '--every',
          String(EVERY_BODACC),
        ]);
        const s = await importFile(handle, 'bodacc', IMPORTERS.bodacc, file, {});
        rmSync(file, { force: true });
        return {
          rows: s.read,
          peakRss: g.peakRss,
          note: `${nf.format(s.inserted + s.updated)} lignes écrites`,
        };
      },
    })),
    ...Array.from({ length: PARTS }, (_, k): Step => ({
      name: `rne-${k}`,
      label: `RNE part ${k + 1}/${PARTS} (génération + import)`,
      run: async () => {
        const file = path.join(DATA, `rne_SYNTHETIQUE_FRANCE_${k}.json.gz`);
        const { from, to } = partRange(k);
        const g = await generate('rne', file, [
          '--from',
          String(from),
          '--to',
          String(to),
          '--every',
          String(EVERY_RNE),
        ]);
        const s = await importFile(handle, 'rne', IMPORTERS.rne, file, {});
        rmSync(file, { force: true });
        return {
          rows: s.read,
          peakRss: g.peakRss,
          note: `${nf.format(s.inserted + s.updated)} lignes écrites`,
        };
      },
    })),
    {
      name: 'search-index-final',
      label: 'index de recherche après BODACC et RNE (ce que les imports ont marqué périmé)',
      run: async () => {
        const r = await refreshStaleSearchIndex(handle.db);
        return {
          rows: r.kind === 'full' ? r.stats.companies : r.kind === 'incremental' ? r.sirens : 0,
          note: r.kind,
        };
      },
    },
    {
      name: 'checksum-final',
      label: 'empreinte finale (après BODACC et RNE)',
      run: () => checksum(client),
    },
  ];

  const freeGb = () => {
    const f = statfsSync(DATA);
    return (f.bavail * f.bsize) / 2 ** 30;
  };
  guard = setInterval(() => {
    if (freeGb() >= MIN_FREE_GB / 2) return;
    log(
      `Disque presque plein (${freeGb().toFixed(1)} Gio libres) : requêtes du banc annulées, arrêt.`,
    );
    void client
      .query(
        `SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [DB],
      )
      .finally(() => process.exit(3));
  }, 5_000);
  for (const step of steps) {
    if ((ONLY.size && !ONLY.has(step.name)) || SKIP.has(step.name)) continue;
    if (REDO.has(step.name))
      await client.query('DELETE FROM bench_france_steps WHERE name = $1', [step.name]);
    if (await done(step.name)) continue;
    const load = os.loadavg()[0]!;
    if (freeGb() < MIN_FREE_GB) {
      log(
        `Arrêt avant « ${step.label} » : ${freeGb().toFixed(1)} Gio libres, moins que --min-free-gb ${MIN_FREE_GB}.`,
      );
      break;
    }
    log(`▶ ${step.label}`);
    const r = await measured(step.label, step.run);
    await client.query(
      `INSERT INTO bench_france_steps (name, label, rows, ms, peak_rss, note, load_before)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (name) DO UPDATE SET label = EXCLUDED.label, rows = EXCLUDED.rows, ms = EXCLUDED.ms,
         peak_rss = EXCLUDED.peak_rss, note = EXCLUDED.note, load_before = EXCLUDED.load_before, finished_at = now()`,
      [step.name, step.label, r.rows, r.ms, r.peakRss, r.note ?? null, load],
    );
    log(
      `✔ ${step.label} : ${nf.format(r.rows)} lignes en ${nf.format(r.ms / 1000)} s` +
        (r.rows ? ` (${nf.format((r.rows / r.ms) * 1000)} lignes/s)` : '') +
        `, RSS max ${mb(r.peakRss)}${r.note ? ` ; ${r.note}` : ''}`,
    );
    if (step.name === STOP_AFTER) break;
  }
  clearInterval(guard);
  await report(client, handle);
  await client.end();
  await handle.close();
}

/** Row counts and an md5 of the whole search table, in SIREN order: equal bases, equal notes. */
async function checksum(client: pg.Client): Promise<StepResult> {
  const counts = await client.query(`SELECT
    (SELECT count(*) FROM companies)::bigint AS companies,
    (SELECT count(*) FROM establishments)::bigint AS establishments,
    (SELECT count(*) FROM directors)::bigint AS directors,
    (SELECT count(*) FROM notices)::bigint AS notices,
    (SELECT count(*) FROM search_companies)::bigint AS search`);
  const [sum] = (
    await client.query(
      `SELECT md5(string_agg(md5(t::text), '' ORDER BY t.siren)) AS m FROM search_companies t`,
    )
  ).rows;
  const c = counts.rows[0];
  return {
    rows: Number(c.search),
    note: `companies ${c.companies}, establishments ${c.establishments}, directors ${c.directors}, bodacc ${c.notices}, search_companies ${c.search}, md5 ${sum.m}`,
  };
}

function phaseNote(phases: Record<string, number>): string {
  return Object.entries(phases)
    .map(([k, v]) => `${k} ${nf.format(v / 1000)} s`)
    .join(', ');
}

async function report(client: pg.Client, handle: ReturnType<typeof connectPostgres>) {
  const rows = (
    await client.query<{
      name: string;
      label: string;
      rows: string;
      ms: number;
      peak_rss: string;
      note: string | null;
      load_before: number | null;
    }>('SELECT * FROM bench_france_steps ORDER BY finished_at')
  ).rows;
  console.log(`\n## bench:france, base ${DB} (${nf.format(UNITS)} unités)\n`);
  console.log('| étape | lignes | durée | lignes/s | RSS max (Node) | charge au départ | détail |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  let total = 0;
  for (const r of rows) {
    total += r.ms;
    const n = Number(r.rows);
    console.log(
      `| ${r.label} | ${nf.format(n)} | ${fmtDuration(r.ms)} | ${n ? nf.format((n / r.ms) * 1000) : ''} | ${mb(Number(r.peak_rss))} | ${r.load_before?.toFixed(1) ?? ''} | ${r.note ?? ''} |`,
    );
  }
  console.log(`\nTotal des étapes : ${fmtDuration(total)}`);
  const disk = await queryRows<{ name: string; kind: string; bytes: number }>(
    handle.db,
    sql`SELECT c.relname AS name, CASE c.relkind WHEN 'i' THEN 'index' ELSE 'table' END AS kind,
          pg_total_relation_size(c.oid)::float8 AS bytes
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i') AND pg_total_relation_size(c.oid) > 50 * 1024 * 1024
        ORDER BY bytes DESC`,
  );
  const [db] = await queryRows<{ bytes: number }>(
    handle.db,
    sql`SELECT pg_database_size(current_database())::float8 AS bytes`,
  );
  console.log(
    '\n| table ou index (> 50 Mo) | genre | taille (table : avec index et TOAST) |\n|---|---|---:|',
  );
  for (const d of disk) console.log(`| ${d.name} | ${d.kind} | ${mb(d.bytes)} |`);
  console.log(`\nBase entière : ${mb(db!.bytes)} ; disque libre : ${freeDisk()}`);
}

function freeDisk(): string {
  try {
    const s = statfsSync(DATA);
    return mb(s.bavail * s.bsize);
  } catch {
    return '?';
  }
}

function fmtDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60
    ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
    : `${(ms / 1000).toFixed(1)} s`;
}

// Exits when done: the job queue afterImports opened (src/jobs/index.ts, bossOf) keeps polling
// the closed pool otherwise, and the process (with the heavy lock it runs under) never ends.
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
