import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { directoryStorage } from './storage';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('directory storage', () => {
  it('puts, replaces, gets and deletes a file, leaving no temporary file', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'storage-'));
    dirs.push(root);
    const s = directoryStorage(root);
    await s.put('orders/a/file.csv', Buffer.from('one'));
    await s.put('orders/a/file.csv', Buffer.from('two'));
    expect((await s.get('orders/a/file.csv'))?.toString()).toBe('two');
    expect(await readdir(path.join(root, 'orders/a'))).toEqual(['file.csv']);
    await s.delete('orders/a/file.csv');
    expect(await s.get('orders/a/file.csv')).toBeNull();
  });

  it('refuses a key that leaves its folder', async () => {
    const s = directoryStorage('/tmp/never');
    await expect(s.put('../etc/passwd', Buffer.from(''))).rejects.toThrow();
  });
});
