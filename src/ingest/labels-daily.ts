/**
 * The labels' sources, refreshed once a day (issue 39), like the Sirene poll (src/ingest/schedule.ts):
 * a job of the PostgreSQL job queue, queued once a day whoever asks, one at a time. Each source's
 * file is downloaded (src/clients/label-sources) and imported by its importer, each in its own
 * transaction (a source that fails leaves the others imported and is retried with the job); the
 * administration rule is recomputed over the companies of the day; then the steps after an import
 * (site, alerts, search index). The last success is recorded in `ingest_cursors`
 * (`schedule:labels-daily`). Off unless LABEL_SOURCES_DAILY is `on`.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { downloadLabelSource, LABEL_DOWNLOADS } from '@/clients/label-sources';
import { getEnv } from '@/config/env';
import type { DbHandle } from '@/db/client';
import { getDbHandle } from '@/db/site';
import { defineJob } from '@/jobs';
import { log } from '@/lib/log';
import { afterImports } from './after-import';
import { withConn } from './core/conn';
import { describeError } from './core/errors';
import { importFile, type ImportSummary, type SourceKey } from './core/run';
import { SAMPLES_DIR } from './seed';
import { IMPORTERS } from './sources';

export const LABELS_DAILY_JOB = 'ingest.labels-daily';
export const LABELS_DAILY_CURSOR = 'schedule:labels-daily';
/** Paris time: the producers publish overnight; after the Sirene poll (7 a.m.). */
export const LABELS_DAILY_HOUR = 8;

export type LabelsDailyOutcome = {
  summaries: ImportSummary[];
  failed: Array<{ source: string; error: string }>;
  skipped: string[];
};

export async function runLabelsDaily(
  handle: DbHandle,
  o: { day: string; baseUrl?: string; marcheInclusionToken?: string; rulesDir?: string },
): Promise<LabelsDailyOutcome> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'labels-'));
  const out: LabelsDailyOutcome = { summaries: [], failed: [], skipped: [] };
  try {
    for (const d of LABEL_DOWNLOADS) {
      const source = d.source as Exclude<SourceKey, 'reference'>;
      try {
        const file = await downloadLabelSource(d, dir, {
          baseUrl: o.baseUrl,
          tokens: { MARCHE_INCLUSION_TOKEN: o.marcheInclusionToken },
        });
        if (!file) {
          out.skipped.push(d.source);
          continue;
        }
        out.summaries.push(
          await importFile(handle, source, IMPORTERS[source], file, { progress: 'off' }),
        );
      } catch (e) {
        out.failed.push({ source: `${d.source} (${d.file})`, error: describeError(e) });
      }
    }
    // The administration rule reads SIRENE: recomputed daily, from the rule tables the code ships.
    const rules = o.rulesDir ?? path.join(SAMPLES_DIR, 'administration');
    const tables = (await readdir(rules)).filter((f) => f.endsWith('.json')).sort();
    for (const t of tables)
      out.summaries.push(
        await importFile(handle, 'administration', IMPORTERS.administration, path.join(rules, t), {
          progress: 'off',
        }),
      );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await afterImports(handle, out.summaries, {
    log: (line) => log().info({ job: LABELS_DAILY_JOB }, line),
    warn: (line) => log().warn({ job: LABELS_DAILY_JOB }, line),
  });
  if (out.failed.length === 0)
    await withConn(handle, (c) =>
      c.query(
        `INSERT INTO ingest_cursors (name, value, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [LABELS_DAILY_CURSOR, o.day],
      ),
    );
  return out;
}

defineJob<{ day: string }>(
  LABELS_DAILY_JOB,
  async ({ day }) => {
    const env = getEnv();
    if (env.LABEL_SOURCES_DAILY !== 'on') return;
    const r = await runLabelsDaily(getDbHandle(), {
      day,
      baseUrl: env.LABEL_SOURCES_BASE_URL,
      marcheInclusionToken: env.MARCHE_INCLUSION_TOKEN,
    });
    log().info(
      {
        job: LABELS_DAILY_JOB,
        day,
        files: r.summaries.length,
        skipped: r.skipped,
        failed: r.failed,
      },
      'Labels daily import done',
    );
    // A source that failed is retried with the job (the others are not imported twice a day:
    // an unchanged file changes no row).
    if (r.failed.length)
      throw new Error(
        `Sources des labels en échec : ${r.failed.map((f) => `${f.source} : ${f.error}`).join(' ; ')}`,
      );
  },
  {
    dailyAtParisHour: LABELS_DAILY_HOUR,
    policy: 'singleton',
    retryLimit: 3,
    retryDelaySeconds: 3600,
    expireInSeconds: 2 * 3600,
  },
);
