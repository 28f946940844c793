import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseLockedError, openPglite } from './pglite';

describe('openPglite directory lock', () => {
  let root: string;
  /** One data directory, created once (a new one costs PostgreSQL's initdb): reopened below. */
  let dir: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
    dir = path.join(root, 'db');
    await (await openPglite(dir)).close();
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a directory held by a live process and names it', async () => {
    // pid 1 is always alive.
    writeFileSync(`${dir}.lock`, '1');
    try {
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DatabaseLockedError);
      await expect(openPglite(dir)).rejects.toThrow(/déjà ouverte par le processus 1/);
      // Refused, the lock stays its owner's.
      expect(existsSync(`${dir}.lock`)).toBe(true);
    } finally {
      rmSync(`${dir}.lock`, { force: true });
    }
  });

  it('takes over a stale lock and releases it on close', async () => {
    writeFileSync(`${dir}.lock`, '999999999');
    const db = await openPglite(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    await db.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('leaves no exit listener behind once closed (a long-lived process opens many)', async () => {
    const before = process.listenerCount('exit');
    for (let i = 0; i < 2; i++) await (await openPglite(dir)).close();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
