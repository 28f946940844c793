import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseLockedError, openPglite } from './pglite';

describe('openPglite directory lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
    dirs.push(d);
    return path.join(d, 'db');
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('refuses a directory held by a live process and names it', async () => {
    const dir = tempDir();
    // pid 1 is always alive.
    writeFileSync(`${dir}.lock`, '1');
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(openPglite(dir)).rejects.toThrow(/déjà ouverte par le processus 1/);
  });

  it('takes over a stale lock and releases it on close', async () => {
    const dir = tempDir();
    writeFileSync(`${dir}.lock`, '999999999');
    const db = await openPglite(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    await db.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('leaves no exit listener behind once closed (a long-lived process opens many)', async () => {
    const before = process.listenerCount('exit');
    for (let i = 0; i < 3; i++) await (await openPglite(tempDir())).close();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
