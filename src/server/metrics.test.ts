/**
 * Import metrics: progress of the imports running in the process (rows read, estimated total,
 * part of the file read) and the last success per source, file imports and the daily poll alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { runningImports, trackImport } from '@/ingest/core/progress';
import { rows, run, sample } from '@/ingest/testing';
import { SiteMetrics } from './metrics';

let db: DbHandle;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

const line = (text: string, name: string) =>
  text.split('\n').find((l) => l.startsWith(name + ' ') || l.startsWith(name + '{')) ?? null;

describe('import metrics', () => {
  it('count the supervisor’s restarts of this process (SERVER_RESTARTS)', async () => {
    const text = await new SiteMetrics({ db: () => null, pools: () => [], restarts: 2 }).render();
    expect(line(text, 'server_restarts_total')).toBe('server_restarts_total 2');
  });

  it('show a running import’s progress, and nothing once it is over', async () => {
    const metrics = new SiteMetrics({ db: () => null, pools: () => [] });
    const a = trackImport('sirene-etab', 'StockEtablissement.zip', 4_000);
    const b = trackImport('sirene-etab', 'autre.csv', 1_000);
    a.update(1_000, 30_000);
    b.update(0, 0);
    try {
      const text = await metrics.render();
      expect(line(text, 'import_running_files')).toBe(
        'import_running_files{source="sirene-etab"} 2',
      );
      expect(line(text, 'import_progress_rows')).toBe(
        'import_progress_rows{source="sirene-etab"} 30000',
      );
      expect(line(text, 'import_progress_rows_estimated_total')).toBe(
        'import_progress_rows_estimated_total{source="sirene-etab"} 150000',
      );
      expect(line(text, 'import_progress_ratio')).toBe(
        'import_progress_ratio{source="sirene-etab"} 0.2',
      );
    } finally {
      a.done();
      b.done();
    }
    const after = await metrics.render();
    expect(line(after, 'import_running_files{')).toBeNull();
  });

  it('after an import: no running entry left, its success and the daily poll’s shown per source', async () => {
    await run(db, 'sirene-ul', sample('sirene/StockUniteLegale_utf8_sample.csv'));
    expect(runningImports()).toEqual([]);
    await rows(
      db,
      `INSERT INTO ingest_cursors (name, value) VALUES ('schedule:sirene-daily', '2026-11-02')`,
    );
    const metrics = new SiteMetrics({ db: () => db.db, pools: () => [] });
    const text = await metrics.render();
    const last = line(text, 'import_last_success_timestamp_seconds{source="sirene-ul"}');
    expect(last).not.toBeNull();
    expect(Number(last!.split(' ')[1])).toBeGreaterThan(Date.now() / 1000 - 3600);
    expect(line(text, 'import_last_rows{source="sirene-ul"}')).toMatch(/ [1-9]\d*$/);
    expect(
      line(text, 'import_cursor_timestamp_seconds{cursor="schedule:sirene-daily"}'),
    ).not.toBeNull();
  });
});
