/**
 * The INSEE daily-changes job: pages through the Sirene API (`/siren`, `/siret`) by last-processing
 * date and imports each answer page with the same importer as the stock files (same validation,
 * newer-wins rule, hash check and upsert). `npm run import -- sirene-api-poll [--since DATE]`.
 *
 * Each page is one import (atomic per page, like a file). The watermark of a kind (the greatest
 * dateDernierTraitement seen) is stored in `ingest_cursors` only when every page of the poll was
 * imported: the API pages by SIREN, not by date, so a poll that stops midway must start again from
 * the previous watermark (the pages already imported then count as unchanged).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DbHandle } from '@/db/client';
import { withConn } from '../core/conn';
import { ImportError } from '../core/errors';
import { importFile, type ImportOptions, type ImportSummary } from '../core/run';
import { etablissementImporter } from './etablissement';
import { uniteLegaleImporter } from './unite-legale';

export type ApiKind = 'ul' | 'etab';

const KINDS = {
  ul: {
    path: '/siren',
    dateField: 'dateDernierTraitementUniteLegale',
    listKey: 'unitesLegales',
    source: 'sirene-ul',
    importer: uniteLegaleImporter,
    label: 'unités légales',
  },
  etab: {
    path: '/siret',
    dateField: 'dateDernierTraitementEtablissement',
    listKey: 'etablissements',
    source: 'sirene-etab',
    importer: etablissementImporter,
    label: 'établissements',
  },
} as const;

export type PollOptions = {
  baseUrl: string;
  apiKey?: string;
  /** Start date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS); default: the watermark of the last poll. */
  since?: string;
  kinds?: ApiKind[];
  /** Objects per page (the API's `nombre`, at most 1000). */
  pageSize?: number;
  importOptions?: ImportOptions;
  log?: (line: string) => void;
  /** Pause before retrying an answer 429 (too many requests), in ms. */
  retryDelayMs?: number;
};

export type PollResult = {
  kind: ApiKind;
  since: string;
  pages: number;
  objects: number;
  watermark: string;
  summaries: ImportSummary[];
};

const SINCE_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/;
export const cursorName = (kind: ApiKind) => `sirene-api:${kind}`;

export function validateSince(since: string): string {
  if (!SINCE_RE.test(since) || Number.isNaN(Date.parse(since.slice(0, 10))))
    throw new ImportError(
      `Date de départ invalide : « ${since} » (attendu : AAAA-MM-JJ ou AAAA-MM-JJTHH:MM:SS).`,
    );
  return since;
}

async function storedCursor(handle: DbHandle, kind: ApiKind): Promise<string | null> {
  const rows = await withConn(handle, (c) =>
    c.query<{ value: string }>('SELECT value FROM ingest_cursors WHERE name = $1', [
      cursorName(kind),
    ]),
  );
  return rows[0]?.value ?? null;
}

type Page = { header?: { curseur?: string; curseurSuivant?: string; total?: number } } & Record<
  string,
  unknown
>;

async function fetchPage(url: string, opts: PollOptions): Promise<Page | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.apiKey) headers['X-INSEE-Api-Key-Integration'] = opts.apiKey;
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { headers });
    } catch (e) {
      const c = (e as { cause?: { code?: string; errors?: Array<{ code?: string }> } }).cause;
      const cause = c?.code ?? c?.errors?.[0]?.code ?? 'connexion impossible';
      throw new ImportError(`API Sirene injoignable (${new URL(url).origin}) : ${cause}.`);
    }
    const text = await res.text();
    // The API answers 404 « Aucun élément trouvé » to a query that matches nothing.
    if (res.status === 404) return null;
    if (res.status === 429 && attempt < 5) {
      const wait = Number(res.headers.get('retry-after')) * 1000 || (opts.retryDelayMs ?? 60_000);
      opts.log?.(`API Sirene : trop de requêtes, nouvel essai dans ${Math.round(wait / 1000)} s`);
      await new Promise((r) => setTimeout(r, wait));
      continue;
    }
    if (res.status === 401 || res.status === 403)
      throw new ImportError(
        `API Sirene : accès refusé (${res.status}). Vérifiez la clé SIRENE_API_KEY.`,
      );
    if (!res.ok) throw new ImportError(`API Sirene : réponse ${res.status} pour ${url}.`);
    try {
      return JSON.parse(text) as Page;
    } catch {
      throw new ImportError(`API Sirene : réponse illisible (pas du JSON) pour ${url}.`);
    }
  }
}

/** Polls the changes of each kind since its watermark (or `since`), importing page by page. */
export async function pollSireneApi(handle: DbHandle, opts: PollOptions): Promise<PollResult[]> {
  const results: PollResult[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sirene-api-'));
  try {
    for (const kind of opts.kinds ?? (['ul', 'etab'] as ApiKind[])) {
      const k = KINDS[kind];
      const since = opts.since ?? (await storedCursor(handle, kind));
      if (!since)
        throw new ImportError(
          `Aucun relevé précédent des ${k.label} dans la base : donnez la date de départ avec --since AAAA-MM-JJ.`,
        );
      validateSince(since);
      const q = `${k.dateField}:[${since} TO *]`;
      const result: PollResult = {
        kind,
        since,
        pages: 0,
        objects: 0,
        watermark: since,
        summaries: [],
      };
      let cursor = '*';
      for (;;) {
        const url =
          `${opts.baseUrl.replace(/\/$/, '')}${k.path}?q=${encodeURIComponent(q)}` +
          `&nombre=${opts.pageSize ?? 1000}&curseur=${encodeURIComponent(cursor)}`;
        const page = await fetchPage(url, opts);
        const list = page?.[k.listKey];
        if (!page || !Array.isArray(list) || list.length === 0) break;
        result.pages++;
        result.objects += list.length;
        for (const o of list) {
          const d = (o as Record<string, unknown>)[k.dateField];
          if (typeof d === 'string' && d > result.watermark) result.watermark = d;
        }
        const file = path.join(dir, `${kind}-${String(result.pages).padStart(5, '0')}.json`);
        writeFileSync(file, JSON.stringify(page));
        const s = await importFile(handle, k.source, k.importer, file, opts.importOptions);
        result.summaries.push(s);
        rmSync(file);
        opts.log?.(
          `API Sirene, ${k.label}, page ${result.pages} : ${s.read} lus, ${s.inserted} insérés, ${s.updated} mis à jour, ${s.unchanged} inchangés, ${s.rejected} rejetés`,
        );
        const next = page.header?.curseurSuivant;
        // The last page is the one whose next cursor is its own.
        if (!next || next === cursor) break;
        cursor = next;
      }
      await withConn(handle, (c) =>
        c.query(
          `INSERT INTO ingest_cursors (name, value, updated_at) VALUES ($1, $2, now())
           ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
          [cursorName(kind), result.watermark],
        ),
      );
      results.push(result);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
