/**
 * The scheduled daily poll of the Sirene API, through the job queue, against a local HTTP server
 * playing the API (no internet in tests): it imports the day's changes with the counters right,
 * starts from the stock's own date the first time, records its success, is queued once per day
 * (whoever asks, a restart included) and never runs twice at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIRENE_TEST_KEY as KEY, startFakeSirene, type FakeSirene } from '@/clients/insee/testing';
import { resetEnvForTests } from '@/config/env';
import { enqueueByName } from '@/jobs';
import { runJobsUntilIdle } from '@/jobs/testing';
import { count, rows } from './testing';
import { runSireneDaily, SIRENE_DAILY_CURSOR, SIRENE_DAILY_JOB, withPollLock } from './schedule';
import { siteDbForFile } from '@/testing/site-db';

const PAGE = 8;
let api: FakeSirene;
const saved = { ...process.env };

const site = siteDbForFile();

beforeAll(async () => {
  api = await startFakeSirene(PAGE);
});
afterAll(async () => {
  process.env = saved;
  resetEnvForTests();
  await api?.close();
});

const daily = (day: string) =>
  runSireneDaily(site.handle(), { baseUrl: api.baseUrl, apiKey: KEY, pageSize: PAGE, day });

const wrongCounts = () =>
  count(
    site.handle(),
    'companies c',
    `EXISTS (SELECT 1 FROM establishments e WHERE e.siren = c.siren)
       AND c.open_establishments <>
         (SELECT count(*) FROM establishments e WHERE e.siren = c.siren AND e.status = 'A')`,
  );

const lastSuccess = () =>
  rows<{ value: string }>(site.handle(), 'SELECT value FROM ingest_cursors WHERE name = $1', [
    SIRENE_DAILY_CURSOR,
  ]).then((r) => r[0]?.value ?? null);

describe('daily Sirene poll (scheduled job)', () => {
  it('skips what no stock nor earlier poll dates, and records its success', async () => {
    const r = await daily('2026-11-01');
    expect(r).toEqual({ status: 'done', results: [], skipped: ['ul', 'etab'] });
    expect(api.seen).toHaveLength(0);
    expect(await lastSuccess()).toBe('2026-11-01');
  });

  it('runs through the job queue: imports the changes with the counters right, once per day', async () => {
    await rows(
      site.handle(),
      `INSERT INTO ingest_cursors (name, value) VALUES ('sirene-api:ul', '2019-01-01'), ('sirene-api:etab', '2019-01-01')`,
    );
    process.env.SIRENE_DAILY_POLL = 'on';
    process.env.SIRENE_API_URL = api.baseUrl;
    process.env.SIRENE_API_KEY = KEY;
    resetEnvForTests();
    // Asked twice for the same day (two workers starting, a restart): queued once.
    await enqueueByName(
      site.db(),
      SIRENE_DAILY_JOB,
      { day: '2026-11-02' },
      { singletonKey: '2026-11-02' },
    );
    await enqueueByName(
      site.db(),
      SIRENE_DAILY_JOB,
      { day: '2026-11-02' },
      { singletonKey: '2026-11-02' },
    );
    expect(
      await count(site.handle(), 'pgboss.job', `name = $1 AND state <> 'completed'`, [
        SIRENE_DAILY_JOB,
      ]),
    ).toBe(1);
    const before = api.seen.length;
    await runJobsUntilIdle(site.db());
    expect(api.seen.length).toBeGreaterThan(before);
    expect(await count(site.handle(), 'establishments')).toBe(20);
    expect(await count(site.handle(), 'companies', 'open_establishments > 0')).toBeGreaterThan(0);
    expect(await wrongCounts()).toBe(0);
    expect(await lastSuccess()).toBe('2026-11-02');
    expect(
      await count(site.handle(), 'pgboss.job', `name = $1 AND state = 'completed'`, [
        SIRENE_DAILY_JOB,
      ]),
    ).toBe(1);
    // The queue lets one job of the kind be active at a time.
    const [queue] = await rows<{ policy: string }>(
      site.handle(),
      'SELECT policy FROM pgboss.queue WHERE name = $1',
      [SIRENE_DAILY_JOB],
    );
    expect(queue?.policy).toBe('singleton');
  });

  it('starts from the stock’s newest date when no poll was recorded', async () => {
    await rows(site.handle(), `DELETE FROM ingest_cursors WHERE name LIKE 'sirene-api:%'`);
    api.seen.length = 0;
    const r = await daily('2026-11-03');
    expect(r.status).toBe('done');
    expect(api.seen[0]!.q).toBe('dateDernierTraitementUniteLegale:[2019-12-01T20:00:57 TO *]');
    expect(await wrongCounts()).toBe(0);
  });

  it('never runs twice at once', async () => {
    // In this process: the second call finds the first one running.
    let inner: Awaited<ReturnType<typeof daily>> | undefined;
    const outer = await withPollLock(site.handle(), async () => {
      inner = await daily('2026-11-04');
      return true;
    });
    expect(outer).toBe(true);
    expect(inner).toEqual({ status: 'busy' });
    expect(await lastSuccess()).toBe('2026-11-03');
    if (site.handle().kind !== 'postgres') return;
    // Another process (the import CLI, another worker) holding the lock on PostgreSQL.
    const other = new pg.Client({
      connectionString: (site.handle().pool as unknown as { options: { connectionString: string } })
        .options.connectionString,
    });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(29000001)');
      expect(await daily('2026-11-04')).toEqual({ status: 'busy' });
      await other.query('SELECT pg_advisory_unlock(29000001)');
      expect((await daily('2026-11-04')).status).toBe('done');
    } finally {
      await other.end();
    }
  });
});
