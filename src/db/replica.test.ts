/**
 * The read replica (DATABASE_READ_URL): a real streaming replica made with PostgreSQL's own tools
 * (initdb, pg_basebackup, pg_ctl), on ports of its own. A company read by the registry API comes
 * from the replica, a follow is read back from the primary, and the change feed's wait
 * (`waitForReplica`) holds until the replica has replayed a change.
 *
 * The test cluster of DATABASE_URL accepts no replication connection as configured (its
 * pg_hba.conf has no `replication` line, and changing a shared server is not a test's business),
 * so the test makes its own primary with initdb in a temporary folder, and a replica of it.
 * It runs in the PostgreSQL pass of the suite (DATABASE_URL set): PGlite has no replication.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followedCompaniesOf, follow } from '@/accounts/follows';
import { resetEnvForTests } from '@/config/env';
import { answerRegistryApi } from '@/server/registry-api';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { connectPostgres } from './client';
import { runMigrations } from './migrate';
import { waitForReplica } from './replica';
import { companies, users } from './schema';
import { closeSiteDb, getDb, getReadDb, replicaState } from './site';
import { Health, publicReadiness } from '@/server/health';

const BIN = '/usr/lib/postgresql/15/bin';
const onPostgres = Boolean(process.env.DATABASE_URL) && existsSync(`${BIN}/pg_basebackup`);
const DANONE = '552032534';

/** util-linux's runuser, in /usr/sbin on Debian: found there even when sbin is not on PATH. */
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser'].find((p) => existsSync(p)) ?? 'runuser';

/** PostgreSQL's programs refuse to run as root: as the `postgres` user then. */
function pgTool(tool: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot
    ? [RUNUSER, ['-u', 'postgres', '--', `${BIN}/${tool}`, ...args]]
    : [`${BIN}/${tool}`, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let dir = '';
const started: string[] = [];
const saved = {
  url: process.env.DATABASE_URL,
  read: process.env.DATABASE_READ_URL,
  cache: process.env.REGISTRY_CACHE,
};

function startCluster(data: string, port: number) {
  pgTool('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    path.join(dir, `${path.basename(data)}.log`),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c wal_level=replica -c max_wal_senders=4`,
    'start',
  ]);
  started.push(data);
}

describe.skipIf(!onPostgres)(
  'read replica (PostgreSQL seulement : PGlite n’a pas de réplication)',
  () => {
    let primaryUrl = '';
    let replicaUrl = '';
    let replicaDir = '';
    let replicaPort = 0;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'replica-'));
      if (process.getuid?.() === 0) {
        const pw = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
        const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
        chownSync(dir, Number(pw), Number(gid));
      }
      const primary = path.join(dir, 'primary');
      const replica = path.join(dir, 'replica');
      const [p1, p2] = [await freePort(), await freePort()];
      pgTool('initdb', [
        '-D',
        primary,
        '-U',
        'postgres',
        '--auth=trust',
        '--no-sync',
        '-E',
        'UTF8',
        '--locale=C',
      ]);
      startCluster(primary, p1);
      primaryUrl = `postgres://postgres@127.0.0.1:${p1}/postgres`;
      const setup = connectPostgres(primaryUrl, 1);
      await runMigrations(setup);
      await insertRegistryFixtures(setup.db);
      await setup.close();
      // The replica: a base backup that streams the primary's WAL (-R writes its connection).
      pgTool('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(p1),
        '-U',
        'postgres',
        '-D',
        replica,
        '-R',
        '-X',
        'stream',
        '--no-sync',
        '--checkpoint=fast',
      ]);
      startCluster(replica, p2);
      replicaDir = replica;
      replicaPort = p2;
      replicaUrl = `postgres://postgres@127.0.0.1:${p2}/postgres`;
      process.env.DATABASE_URL = primaryUrl;
      process.env.DATABASE_READ_URL = replicaUrl;
      process.env.REGISTRY_CACHE = 'off';
      resetEnvForTests();
      await closeSiteDb();
    });

    afterAll(async () => {
      await closeSiteDb();
      for (const data of started.reverse()) {
        try {
          pgTool('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
        } catch {
          // already stopped
        }
      }
      if (dir) rmSync(dir, { recursive: true, force: true });
      for (const [k, v] of [
        ['DATABASE_URL', saved.url],
        ['DATABASE_READ_URL', saved.read],
        ['REGISTRY_CACHE', saved.cache],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetEnvForTests();
    });

    async function apiName(): Promise<string> {
      const answer = await answerRegistryApi(
        { method: 'GET', url: `/api/companies/${DANONE}` },
        getReadDb,
      );
      expect(answer?.status).toBe(200);
      const body = JSON.parse(Buffer.from(answer!.body!).toString()) as Record<string, unknown>;
      return JSON.stringify(body);
    }

    it('serves a company from the replica and reads a follow back from the primary', async () => {
      const [replicaRole] = (
        await getReadDb().execute<{ r: boolean }>(sql`SELECT pg_is_in_recovery() AS r`)
      ).rows;
      const [primaryRole] = (
        await getDb().execute<{ r: boolean }>(sql`SELECT pg_is_in_recovery() AS r`)
      ).rows;
      expect(replicaRole?.r).toBe(true);
      expect(primaryRole?.r).toBe(false);
      expect(await waitForReplica(getDb(), getReadDb(), 10_000)).toBe(true);
      expect(await apiName()).toContain('DANONE');

      // The replica stops replaying: what the primary writes from now on is not there.
      await getReadDb().execute(sql`SELECT pg_wal_replay_pause()`);
      await getDb()
        .update(companies)
        .set({ name: 'DANONE RENOMMÉE' })
        .where(eq(companies.siren, DANONE));
      await getDb().insert(users).values({ id: 'u-replica', name: 'Ana', email: 'ana@example.fr' });
      const followed = await follow(getDb(), 'u-replica', DANONE);
      expect(followed.ok).toBe(true);
      // Read back at once: from the primary (the replica has not got it).
      expect((await followedCompaniesOf(getDb(), 'u-replica')).map((f) => f.siren)).toEqual([
        DANONE,
      ]);
      const onReplica = await getReadDb().execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM followed_companies`,
      );
      expect(onReplica.rows[0]?.n).toBe(0);
      // The registry API reads the replica: still the name before the change.
      const before = await apiName();
      expect(before).toContain('"DANONE"');
      expect(before).not.toContain('RENOMMÉE');
      expect(await waitForReplica(getDb(), getReadDb(), 300)).toBe(false);

      // Replay resumes: the change feed's wait returns once the replica has the change.
      await getReadDb().execute(sql`SELECT pg_wal_replay_resume()`);
      expect(await waitForReplica(getDb(), getReadDb(), 10_000)).toBe(true);
      expect(await apiName()).toContain('DANONE RENOMMÉE');
    }, 30_000);
    /** /readyz as the server computes it, its replica check reading `url` directly. */
    async function readiness(url: string, replicaMaxLagSeconds?: number) {
      const probe = connectPostgres(url, 1, { connectionTimeoutMs: 2000 });
      try {
        return await new Health({
          db: getDb,
          readDb: () => probe.db,
          jobsExpected: false,
          jobsRunning: () => false,
          draining: () => false,
          replicaMaxLagSeconds,
        }).readiness();
      } finally {
        await probe.close();
      }
    }

    it('falls back to the primary within seconds when nothing listens at DATABASE_READ_URL, and /readyz says so', async () => {
      const nowhere = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
      process.env.DATABASE_READ_URL = nowhere;
      resetEnvForTests();
      await closeSiteDb();
      try {
        const t = performance.now();
        expect(await apiName()).toContain('DANONE');
        expect(performance.now() - t).toBeLessThan(5_000);
        expect(replicaState()).toMatchObject({ fallback: true });
        // Said once the reads moved; the process stays ready.
        const r = await readiness(nowhere);
        expect(r.status).toBe('ok');
        expect(r.reads).toBe('primary');
        expect(r.checks.replica?.detail).toContain('lectures servies par la base principale');
        // What anyone reads at /readyz says it too, without the detail.
        expect(publicReadiness(r)).toMatchObject({ status: 'ok', reads: 'primary' });
      } finally {
        process.env.DATABASE_READ_URL = replicaUrl;
        resetEnvForTests();
        await closeSiteDb();
      }
    }, 30_000);

    it('a replica that stops: reads go to the primary, then back to the replica once it returns', async () => {
      expect(await apiName()).toContain('DANONE');
      expect(replicaState()).toMatchObject({ fallback: false });
      pgTool('pg_ctl', ['-D', replicaDir, '-m', 'immediate', 'stop']);
      started.splice(started.indexOf(replicaDir), 1);
      // The pool's connections died with the server: a read on one of them runs again from the
      // primary, no read fails, within seconds.
      const t = performance.now();
      for (let i = 0; i < 5; i++) expect(await apiName()).toContain('DANONE');
      expect(performance.now() - t).toBeLessThan(5_000);
      expect(replicaState()).toMatchObject({ fallback: true, reason: 'unreachable' });
      const down = await readiness(replicaUrl);
      expect(down.checks.replica).toMatchObject({ ok: true, degraded: true });
      expect(publicReadiness(down).checks.replica).toEqual({ ok: true, degraded: true });
      expect((await readiness(replicaUrl)).reads).toBe('primary');

      startCluster(replicaDir, replicaPort);
      const back = connectPostgres(replicaUrl, 1);
      expect(await waitForReplica(getDb(), back.db, 10_000)).toBe(true);
      await back.close();
      // After the retry delay (5 s) the next read tries the replica again.
      await new Promise((r) => setTimeout(r, 5_500));
      await apiName();
      // Restarted and caught up with an idle primary: no delay (its receive position starts at
      // its segment's beginning, behind its replay: not a delay).
      expect(replicaState()).toMatchObject({ fallback: false, lagSeconds: 0 });
      expect((await readiness(replicaUrl)).reads).toBe('replica');
    }, 60_000);

    it('a replica that lags past DATABASE_READ_MAX_LAG_SECONDS: reads go to the primary until it catches up', async () => {
      process.env.DATABASE_READ_MAX_LAG_SECONDS = '1';
      resetEnvForTests();
      await closeSiteDb();
      try {
        // A transaction replayed: the replica's delay is dated from it.
        await getDb().execute(sql`UPDATE companies SET updated_at = now() WHERE siren = ${DANONE}`);
        expect(await waitForReplica(getDb(), getReadDb(), 10_000)).toBe(true);
        expect(await apiName()).toContain('DANONE');
        expect(replicaState()).toMatchObject({ fallback: false });
        // The replica stops replaying; the primary changes the company.
        await getReadDb().execute(sql`SELECT pg_wal_replay_pause()`);
        await getDb()
          .update(companies)
          .set({ name: 'DANONE EN RETARD' })
          .where(eq(companies.siren, DANONE));
        // Within seconds (a measure every 5 s), reads come from the primary: the new name.
        const t = performance.now();
        let body = '';
        while (performance.now() - t < 15_000 && !body.includes('DANONE EN RETARD')) {
          await new Promise((r) => setTimeout(r, 250));
          body = await apiName();
        }
        expect(body).toContain('DANONE EN RETARD');
        expect(replicaState()).toMatchObject({ fallback: true, reason: 'lagging' });
        expect(replicaState()?.lagSeconds).toBeGreaterThan(1);
        const late = await readiness(replicaUrl, 1);
        expect(late.status).toBe('ok');
        expect(late.reads).toBe('primary');
        expect(late.checks.replica).toMatchObject({ ok: true, degraded: true });
        expect(late.checks.replica?.detail).toContain('en retard');

        // Replay resumes: reads go back to the replica once it has caught up.
        await getDb().execute(sql`SELECT 1`);
        const back = connectPostgres(replicaUrl, 1);
        await back.db.execute(sql`SELECT pg_wal_replay_resume()`);
        expect(await waitForReplica(getDb(), back.db, 10_000)).toBe(true);
        await back.close();
        const t2 = performance.now();
        while (performance.now() - t2 < 15_000 && replicaState()?.fallback) {
          await new Promise((r) => setTimeout(r, 250));
          await apiName();
        }
        expect(replicaState()).toMatchObject({ fallback: false, reason: null });
        expect((await readiness(replicaUrl, 1)).reads).toBe('replica');
      } finally {
        delete process.env.DATABASE_READ_MAX_LAG_SECONDS;
        resetEnvForTests();
        await closeSiteDb();
      }
    }, 60_000);
  },
);
