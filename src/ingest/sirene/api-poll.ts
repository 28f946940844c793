/**
 * The INSEE daily-changes job: pages through the Sirene API (`/siren`, `/siret`; the client is
 * `src/clients/insee/sirene-api.ts`) by last-processing date and imports each answer page with the
 * same importer as the stock files (same validation, newer-wins rule, hash check and upsert).
 * `npm run import -- sirene-api-poll [--since DATE]`.
 *
 * Each page is one import (atomic per page, like a file). The watermark of a kind (the greatest
 * dateDernierTraitement seen) is stored in `ingest_cursors` only when every page of the poll was
 * imported: the API pages by SIREN, not by date, so a poll that stops midway must start again from
 * the previous watermark (the pages already imported then count as unchanged).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  SIRENE_API_KINDS,
  SireneApiError,
  sireneChanges,
  type ApiKind,
  type SireneApiOptions,
} from '@/clients/insee/sirene-api';
import type { DbHandle } from '@/db/client';
import { withConn } from '../core/conn';
import { ImportError } from '../core/errors';
import { importFile, type ImportOptions, type ImportSummary } from '../core/run';
import { etablissementImporter } from './etablissement';
import { uniteLegaleImporter } from './unite-legale';

const KINDS = {
  ul: { source: 'sirene-ul', importer: uniteLegaleImporter, label: 'unités légales' },
  etab: { source: 'sirene-etab', importer: etablissementImporter, label: 'établissements' },
} as const;

export type PollOptions = SireneApiOptions & {
  /** Start date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS); default: the watermark of the last poll. */
  since?: string;
  kinds?: ApiKind[];
  importOptions?: ImportOptions;
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
      const result: PollResult = {
        kind,
        since,
        pages: 0,
        objects: 0,
        watermark: since,
        summaries: [],
      };
      const dateField = SIRENE_API_KINDS[kind].dateField;
      try {
        for await (const { page, list } of sireneChanges(opts, kind, since)) {
          result.pages++;
          result.objects += list.length;
          for (const o of list) {
            const d = (o as Record<string, unknown>)[dateField];
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
        }
      } catch (e) {
        throw e instanceof SireneApiError ? new ImportError(e.message) : e;
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
