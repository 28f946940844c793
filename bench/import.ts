/**
 * npm run bench:import [-- --companies 1000000 --pglite-companies 1000000 --out bench/out]
 *
 * Generates synthetic SIRENE stock files (1M legal units, 1.3M establishments by default),
 * imports them into PostgreSQL (DATABASE_URL) and into PGlite (a temporary directory), and prints
 * rows/s, peak RSS, and in the same run the rows/s of a raw COPY of the same files into an
 * unindexed table of text columns. On PostgreSQL it also loads the same stock into a database
 * where the real sample was loaded first, as `npm start` does on an empty database. Not a test:
 * it prints figures, it asserts nothing.
 */
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { connectPostgres, wrapPglite, type DbHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { importFile, type ImportSummary } from '../src/ingest/core/run';
import { generateSirene } from '../src/ingest/generate/sirene';
import { etablissementImporter } from '../src/ingest/sirene/etablissement';
import { uniteLegaleImporter } from '../src/ingest/sirene/unite-legale';

const FULL_UL = 29_000_000;
const FULL_ET = 40_000_000;

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? def) : def;
}

const nf = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const mb = (b: number) => `${nf.format(b / 1024 / 1024)} Mo`;

/** Samples this process's RSS while `fn` runs. */
async function measured<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; ms: number; peakRss: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t = performance.now();
  try {
    const result = await fn();
    return {
      result,
      ms: performance.now() - t,
      peakRss: Math.max(peak, process.memoryUsage().rss),
    };
  } finally {
    clearInterval(timer);
  }
}

async function rawCopy(url: string, table: string, file: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const header = (await firstLine(file)).split(',');
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.query(`CREATE TABLE ${table} (${header.map((h) => `"${h}" text`).join(', ')})`);
    const t = performance.now();
    await pipeline(
      createReadStream(file, { highWaterMark: 1 << 20 }),
      client.query(copyFrom(`COPY ${table} FROM STDIN WITH (FORMAT csv, HEADER true)`)),
    );
    const ms = performance.now() - t;
    await client.query(`DROP TABLE ${table}`);
    return ms;
  } finally {
    await client.end();
  }
}

/**
 * The same rows as the importer sends them (parsed, validated, typed, COPY text), written to a
 * file, then COPYed into an unindexed copy of the target table: the database's share of the work.
 */
async function typedCopy(
  url: string,
  target: 'companies' | 'establishments',
  csvFile: string,
): Promise<number> {
  const { csvRecords } = await import('../src/ingest/core/csv');
  const { openInput, textChunks } = await import('../src/ingest/core/input');
  const { copyRow } = await import('../src/ingest/core/copy');
  const ul = await import('../src/ingest/sirene/unite-legale');
  const { UL_COLUMNS } = await import('../src/ingest/sirene/columns');
  const et = await import('../src/ingest/sirene/etablissement');
  const mapperOf = target === 'companies' ? ul.uniteLegaleMapper : et.etablissementMapper;
  const columns = target === 'companies' ? [...UL_COLUMNS] : [...et.ET_COLUMNS];
  const encoded = `${csvFile}.copy`;
  const out = createWriteStream(encoded);
  const input = await openInput(csvFile);
  let map: ((f: string[]) => unknown[]) | null = null;
  for await (const batch of csvRecords(textChunks(input))) {
    let chunk = '';
    for (const r of batch) {
      if (!map) {
        const pos = new Map(r.fields.map((h, i) => [h, i]));
        map = mapperOf((n) => pos.get(n) ?? -1);
        continue;
      }
      chunk += copyRow(map(r.fields));
    }
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP TABLE IF EXISTS typed_${target}`);
    await client.query(`CREATE TABLE typed_${target} (LIKE ${target} INCLUDING DEFAULTS)`);
    const t = performance.now();
    await pipeline(
      createReadStream(encoded, { highWaterMark: 1 << 20 }),
      client.query(copyFrom(`COPY typed_${target} (${columns.join(', ')}) FROM STDIN`)),
    );
    const ms = performance.now() - t;
    await client.query(`DROP TABLE typed_${target}`);
    return ms;
  } finally {
    await client.end();
    rmSync(encoded, { force: true });
  }
}

async function firstLine(file: string): Promise<string> {
  for await (const chunk of createReadStream(file, { end: 65536, encoding: 'utf8' }))
    return String(chunk).split('\n')[0]!;
  return '';
}

const PHASE_LABELS: Record<string, string> = {
  indexRebuild: 'index reconstruits',
  derivedCounts: 'compteurs dérivés',
  hashLookup: 'lecture des empreintes',
  upsert: 'upsert des lignes changées',
};
type Row = { label: string; rows: number; ms: number; peakRss?: number; note?: string };
const phaseNote = (s: ImportSummary) =>
  Object.entries(s.phases)
    .map(([k, v]) => `${PHASE_LABELS[k] ?? k} ${(v / 1000).toFixed(1)} s`)
    .join(', ');
const table: Row[] = [];
const rate = (r: Row) => (r.rows / r.ms) * 1000;

async function importRun(
  handle: DbHandle,
  label: string,
  ul: string,
  et: string,
  counts: { ul: number; et: number },
) {
  const opts = { progress: 'off' as const };
  const a = await measured(() => importFile(handle, 'sirene-ul', uniteLegaleImporter, ul, opts));
  table.push({
    label: `${label} : unités légales (chargement initial)`,
    rows: counts.ul,
    ms: a.ms,
    peakRss: a.peakRss,
    note: phaseNote(a.result),
  });
  const b = await measured(() =>
    importFile(handle, 'sirene-etab', etablissementImporter, et, opts),
  );
  table.push({
    label: `${label} : établissements (chargement initial)`,
    rows: counts.et,
    ms: b.ms,
    peakRss: b.peakRss,
    note: phaseNote(b.result),
  });
  const c = await measured(() => importFile(handle, 'sirene-ul', uniteLegaleImporter, ul, opts));
  const s = c.result as ImportSummary;
  table.push({
    label: `${label} : unités légales, réimport (upsert, ${nf.format(s.unchanged)} inchangées)`,
    rows: counts.ul,
    ms: c.ms,
    peakRss: c.peakRss,
    note: phaseNote(s),
  });
  const d = await measured(() =>
    importFile(handle, 'sirene-etab', etablissementImporter, et, opts),
  );
  table.push({
    label: `${label} : établissements, réimport (upsert, ${nf.format(d.result.unchanged)} inchangés)`,
    rows: counts.et,
    ms: d.ms,
    peakRss: d.peakRss,
    note: phaseNote(d.result),
  });
  const changedFile = await withChanges(ul, 10);
  const e = await measured(() =>
    importFile(handle, 'sirene-ul', uniteLegaleImporter, changedFile, opts),
  );
  rmSync(changedFile, { force: true });
  table.push({
    label: `${label} : unités légales, réimport d'un stock modifié (${nf.format(e.result.updated)} mises à jour, ${nf.format(e.result.unchanged)} inchangées)`,
    rows: counts.ul,
    ms: e.ms,
    peakRss: e.peakRss,
    note: phaseNote(e.result),
  });
  return { ul: a, et: b, ulAgain: c, etAgain: d, ulChanged: e };
}

/**
 * A copy of the legal-units file where one row in `every` has a newer dateDernierTraitement and
 * another headcount band: the « changed stock » re-import.
 */
async function withChanges(file: string, every: number): Promise<string> {
  const { csvRecords } = await import('../src/ingest/core/csv');
  const { openInput, textChunks } = await import('../src/ingest/core/input');
  const outFile = file.replace(/\.csv$/, '_MODIFIE.csv');
  const out = createWriteStream(outFile);
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  let header: string[] | null = null;
  let n = 0;
  for await (const batch of csvRecords(textChunks(await openInput(file)))) {
    let chunk = '';
    for (const r of batch) {
      const f = r.fields;
      if (!header) header = f;
      else if (n++ % every === 0) {
        f[header.indexOf('dateDernierTraitementUniteLegale')] = '2030-01-01T00:00:00';
        const band = header.indexOf('trancheEffectifsUniteLegale');
        f[band] = f[band] === '53' ? '52' : '53';
      }
      chunk += `${f.map(quote).join(',')}\n`;
    }
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
  return outFile;
}

/**
 * The usual first full load: the site started once (the real sample was loaded into the empty
 * database), then the stock is imported over those few thousand rows.
 */
async function afterSample(
  admin: pg.Client,
  url: URL,
  files: { ul: string; et: string; counts: { ul: number; et: number } },
) {
  const name = `${url.pathname.slice(1)}_echantillon`;
  await admin.query(`CREATE DATABASE ${name}`);
  const sampleUrl = new URL(url);
  sampleUrl.pathname = `/${name}`;
  try {
    // In a process of its own, as `npm start` does it: its memory is not this process's.
    const seeded = spawnSync('npx', ['tsx', 'scripts/seed.ts'], {
      env: { ...process.env, DATABASE_URL: sampleUrl.toString() },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`db:seed : ${seeded.stderr || seeded.stdout}`);
    console.log(
      `PostgreSQL : après l'échantillon réel (${seeded.stdout.trim().split('\n').pop()})…`,
    );
    const handle = connectPostgres(sampleUrl.toString(), 2);
    const opts = { progress: 'off' as const };
    for (const [label, source, importer, file, rows] of [
      ['unités légales', 'sirene-ul', uniteLegaleImporter, files.ul, files.counts.ul],
      ['établissements', 'sirene-etab', etablissementImporter, files.et, files.counts.et],
    ] as const) {
      const m = await measured(() => importFile(handle, source, importer, file, opts));
      table.push({
        label: `PostgreSQL : ${label}, premier stock après l'échantillon réel`,
        rows,
        ms: m.ms,
        peakRss: m.peakRss,
        note: phaseNote(m.result),
      });
    }
    await handle.close();
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function main() {
  const companies = Number(arg('companies', '1000000'));
  const pgliteCompanies = Number(arg('pglite-companies', String(companies)));
  const out = path.resolve(arg('out', 'bench/out'));
  mkdirSync(out, { recursive: true });
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `Machine : ${os.cpus().length} cœurs (${os.cpus()[0]?.model}), ${mb(os.totalmem())} de mémoire, Node ${process.version}, charge ${load}`,
  );

  const gen = async (n: number) => {
    const ul = path.join(out, `StockUniteLegale_SYNTHETIQUE_${n}.csv`);
    const et = path.join(out, `StockEtablissement_SYNTHETIQUE_${n}.csv`);
    if (!existsSync(ul) || !existsSync(et)) {
      console.log(`Génération de ${nf.format(n)} unités légales synthétiques…`);
      await generateSirene(out, { companies: n, establishmentsPerCompany: 1.3, seed: 42 });
    }
    return { ul, et, counts: { ul: n, et: Math.round(n * 1.3) } };
  };

  const pgUrl = process.env.DATABASE_URL;
  if (pgUrl) {
    const files = await gen(companies);
    console.log(`Fichiers : ${mb(statSync(files.ul).size)} + ${mb(statSync(files.et).size)}`);
    const name = `bench_import_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    try {
      const handle = connectPostgres(url.toString(), 2);
      await runMigrations(handle);
      console.log('PostgreSQL : COPY brut…');
      const rawUl = await rawCopy(url.toString(), 'raw_ul', files.ul);
      const rawEt = await rawCopy(url.toString(), 'raw_et', files.et);
      table.push({
        label: 'PostgreSQL : COPY brut, unités légales (table sans index, colonnes text)',
        rows: files.counts.ul,
        ms: rawUl,
      });
      table.push({
        label: 'PostgreSQL : COPY brut, établissements',
        rows: files.counts.et,
        ms: rawEt,
      });
      const typedUl = await typedCopy(url.toString(), 'companies', files.ul);
      const typedEt = await typedCopy(url.toString(), 'establishments', files.et);
      table.push({
        label: 'PostgreSQL : COPY des mêmes lignes déjà typées, unités légales (sans index)',
        rows: files.counts.ul,
        ms: typedUl,
      });
      table.push({
        label: 'PostgreSQL : COPY des mêmes lignes déjà typées, établissements (sans index)',
        rows: files.counts.et,
        ms: typedEt,
      });
      console.log('PostgreSQL : import…');
      const r = await importRun(handle, 'PostgreSQL', files.ul, files.et, files.counts);
      await handle.close();
      await afterSample(admin, url, files);
      const ulRate = (files.counts.ul / r.ul.ms) * 1000;
      const etRate = (files.counts.et / r.et.ms) * 1000;
      const full = FULL_UL / ulRate + FULL_ET / etRate;
      const x = (raw: number, ms: number) => `${(raw / ms).toFixed(2)}×`;
      // The database's own share of an initial load, measured in this run: COPY of rows already
      // typed, then the index rebuild and the open-establishment counters of the import. An
      // import whose reading, parsing and validation cost nothing could not beat this ratio.
      const dbOnly = (typed: number, s: ImportSummary) =>
        typed + (s.phases.indexRebuild ?? 0) + (s.phases.derivedCounts ?? 0);
      console.log(
        `\nRapport = débit de l'import complet (lecture, découpage CSV, validation, encodage, COPY, upsert,` +
          `\nreconstruction des index, compteurs d'établissements ouverts, ANALYZE) / débit d'un COPY brut des mêmes` +
          `\nlignes CSV par PostgreSQL dans une table sans index aux colonnes text (aucune validation, aucun index).` +
          `\nPostgreSQL, rapport import / COPY brut du CSV : chargement initial UL ${x(rawUl, r.ul.ms)}, établissements ${x(rawEt, r.et.ms)} ;` +
          ` réimport inchangé UL ${x(rawUl, r.ulAgain.ms)}, établissements ${x(rawEt, r.etAgain.ms)} ; réimport modifié (1 ligne sur 10) UL ${x(rawUl, r.ulChanged.ms)}` +
          `\nPostgreSQL, rapport import / COPY des lignes déjà typées : unités légales ${x(typedUl, r.ul.ms)}, établissements ${x(typedEt, r.et.ms)}` +
          `\nPlafond du rapport si lire, découper et valider ne coûtaient rien (COPY typé + index + compteurs, travail de PostgreSQL seul) :` +
          ` unités légales ${x(rawUl, dbOnly(typedUl, r.ul.result))}, établissements ${x(rawEt, dbOnly(typedEt, r.et.result))}` +
          `\nExtrapolation au stock complet (29 M unités légales + 40 M établissements, chargement initial) : ${nf.format(full / 60)} min`,
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else console.log('DATABASE_URL absent : mesure PostgreSQL sautée.');

  if (pgliteCompanies > 0) {
    const files = await gen(pgliteCompanies);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
    try {
      console.log(`PGlite (${dir}) : import de ${nf.format(pgliteCompanies)} unités légales…`);
      const handle = wrapPglite(await openPglite(dir));
      await runMigrations(handle);
      await importRun(
        handle,
        `PGlite (${nf.format(pgliteCompanies)} UL)`,
        files.ul,
        files.et,
        files.counts,
      );
      await handle.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  console.log(
    '\n| mesure | lignes | durée | lignes/s | RSS max | dont |\n|---|---:|---:|---:|---:|---|',
  );
  for (const r of table)
    console.log(
      `| ${r.label} | ${nf.format(r.rows)} | ${(r.ms / 1000).toFixed(1)} s | ${nf.format(rate(r))} | ${r.peakRss ? mb(r.peakRss) : ''} | ${r.note ?? ''} |`,
    );
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
