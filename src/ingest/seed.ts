import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { DbHandle } from '@/db/client';
import { withConn } from './core/conn';
import { importFile, type ImportSummary, type SourceKey } from './core/run';
import { loadReferenceTables } from './reference/load';
import { IMPORTERS } from './sources';
import { refreshSearchIndex } from '@/search/indexer';

export type SeedResult = { loaded: boolean; reason: string };

export const SAMPLES_DIR = path.resolve(process.cwd(), 'data/samples');

/**
 * The real sample, in load order: SIRENE first (it owns identities), then the sources that
 * complete it. Each entry: source, folder, and the file-name pattern.
 */
const PLAN: Array<{ source: Exclude<SourceKey, 'reference'>; dir: string; match: RegExp }> = [
  { source: 'sirene-ul', dir: 'sirene', match: /^StockUniteLegale.*\.csv(\.gz|\.zip)?$/ },
  { source: 'sirene-ul', dir: 'sirene', match: /^unite_legale\.json$/ },
  {
    source: 'sirene-etab',
    dir: 'sirene',
    match: /^(StockEtablissement.*|sample_etablissements.*)\.csv(\.gz|\.zip)?$/,
  },
  { source: 'sirene-etab', dir: 'sirene', match: /^(etablissement|api_results)\.json$/ },
  { source: 'rne', dir: 'rne', match: /^compan.*\.json$/ },
  { source: 'rne-annuaire', dir: 'rne', match: /^annuaire-.*\.json$/ },
  { source: 'recherche-entreprises', dir: 'recherche-entreprises', match: /^search-.*\.json$/ },
  { source: 'bodacc', dir: 'bodacc', match: /\.(xml\.gz|xml|json)$/ },
  { source: 'ratios', dir: 'finances', match: /^ratios-.*\.json$/ },
  { source: 'idcc', dir: 'idcc', match: /\.(json|csv\.gz|csv)$/ },
  { source: 'marques', dir: 'inpi', match: /^marques.*\.csv(\.gz)?$/ },
  // The labels' sources (issue 39), after the companies they label.
  { source: 'ess-france', dir: 'ess-france', match: /\.(json|csv)$/ },
  { source: 'marche-inclusion', dir: 'marche-inclusion', match: /^site-api-inclusion\.json$/ },
  { source: 'agence-bio', dir: 'agence-bio', match: /\.json$/ },
  { source: 'rge', dir: 'rge', match: /\.(json|csv)$/ },
  { source: 'egapro', dir: 'egapro', match: /\.(json|csv|xlsx)$/ },
  { source: 'spectacle', dir: 'spectacle', match: /\.(json|csv)$/ },
  { source: 'organisme-formation', dir: 'organisme-formation', match: /\.(json|csv)$/ },
  { source: 'uai', dir: 'uai', match: /\.(json|csv)$/ },
  { source: 'alim-confiance', dir: 'alim-confiance', match: /\.csv$/ },
  { source: 'administration', dir: 'administration', match: /\.json$/ },
];

export function sampleFiles(
  dir = SAMPLES_DIR,
): Array<{ source: Exclude<SourceKey, 'reference'>; file: string }> {
  const out: Array<{ source: Exclude<SourceKey, 'reference'>; file: string }> = [];
  for (const step of PLAN) {
    const folder = path.join(dir, step.dir);
    if (!existsSync(folder)) continue;
    // idcc: titles before mappings.
    const files = readdirSync(folder)
      .filter((f) => step.match.test(f))
      .sort((a, b) =>
        a.includes('metadata') ? -1 : b.includes('metadata') ? 1 : a.localeCompare(b),
      );
    for (const f of files) out.push({ source: step.source, file: path.join(folder, f) });
  }
  return out;
}

const nf = new Intl.NumberFormat('fr-FR');

/** Loads every sample file; returns the per-file summaries. */
export async function loadSamples(
  handle: DbHandle,
  onFile?: (s: ImportSummary) => void,
  dir = SAMPLES_DIR,
): Promise<ImportSummary[]> {
  await loadReferenceTables(handle);
  const out: ImportSummary[] = [];
  for (const { source, file } of sampleFiles(dir)) {
    const s = await importFile(handle, source, IMPORTERS[source], file, { progress: 'off' });
    out.push(s);
    onFile?.(s);
  }
  await refreshSearchIndex(handle.db);
  return out;
}

export async function describeContents(handle: DbHandle): Promise<string> {
  const [row] = await withConn(handle, (c) =>
    c.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM companies)::int AS companies, (SELECT count(*) FROM establishments)::int AS establishments,
              (SELECT count(*) FROM directors)::int AS directors, (SELECT count(*) FROM notices)::int AS notices,
              (SELECT count(*) FROM financials)::int AS financials, (SELECT count(*) FROM brands)::int AS brands,
              (SELECT count(*) FROM establishment_agreements)::int AS agreements`,
    ),
  );
  const r = row ?? {};
  return (
    `${nf.format(r.companies ?? 0)} entreprises, ${nf.format(r.establishments ?? 0)} établissements, ` +
    `${nf.format(r.directors ?? 0)} dirigeants, ${nf.format(r.notices ?? 0)} annonces BODACC, ` +
    `${nf.format(r.financials ?? 0)} exercices comptables, ${nf.format(r.brands ?? 0)} marques, ` +
    `${nf.format(r.agreements ?? 0)} rattachements à une convention collective`
  );
}

/**
 * Loads the real sample (data/samples/) when the database holds no company. Called on every start.
 */
export async function seedIfEmpty(handle: DbHandle, dir = SAMPLES_DIR): Promise<SeedResult> {
  const [row] = await withConn(handle, (c) =>
    c.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM companies) AS any'),
  );
  if (row?.any) {
    // A base loaded before the communes had centres (issue 39): the code tables again, once.
    const [geo] = await withConn(handle, (c) =>
      c.query<{ missing: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM communes) AND NOT EXISTS
           (SELECT 1 FROM communes WHERE latitude IS NOT NULL) AS missing`,
      ),
    );
    if (geo?.missing) await loadReferenceTables(handle);
    return { loaded: false, reason: 'la base contient déjà des entreprises' };
  }
  if (!existsSync(dir)) return { loaded: false, reason: `dossier d’échantillon absent (${dir})` };
  await loadSamples(handle, undefined, dir);
  return { loaded: true, reason: await describeContents(handle) };
}
