import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import {
  announceChanges,
  CHANGE_LIST_MAX,
  changeMessages,
  listenForChanges,
  parseChangeMessage,
} from './change-feed';

describe('change messages', () => {
  it('lists SIRENs in payloads under PostgreSQL’s 8,000 bytes, or says everything', () => {
    const sirens = Array.from({ length: 1201 }, (_, i) => String(100000000 + i));
    const messages = changeMessages(sirens);
    expect(messages).toHaveLength(3);
    for (const m of messages) expect(Buffer.byteLength(m)).toBeLessThan(8000);
    expect(messages.flatMap((m) => parseChangeMessage(m)!)).toEqual(sirens);
    expect(changeMessages(null)).toEqual(['*']);
    expect(changeMessages(sirens.concat(sirens, sirens, sirens, sirens))).toEqual(['*']);
    expect(5 * 1201).toBeGreaterThan(CHANGE_LIST_MAX);
  });

  it('reads only its own payloads', () => {
    expect(parseChangeMessage('*')).toBeNull();
    expect(parseChangeMessage('["552032534"]')).toEqual(['552032534']);
    for (const bad of [undefined, '', 'x', '{}', '["55203253"]', '[552032534]', '["552032534",1]'])
      expect(parseChangeMessage(bad), String(bad)).toBeUndefined();
  });
});

// LISTEN/NOTIFY between two connections needs a PostgreSQL server (the CI runs this file on both).
describe.skipIf(!process.env.DATABASE_URL)('change feed on PostgreSQL', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => handle?.close());

  it('delivers announcements to a listener, after the commit', async () => {
    const url = (handle.db as unknown as { $client: { options: { connectionString: string } } })
      .$client.options.connectionString;
    const received: Array<string[] | null> = [];
    const errors: unknown[] = [];
    const listener = listenForChanges(
      url,
      (s) => received.push(s),
      (e) => errors.push(e),
    );
    try {
      const until = async (n: number) => {
        for (let i = 0; i < 50 && received.length < n; i++)
          await new Promise((r) => setTimeout(r, 50));
      };
      // Let it connect and LISTEN.
      await new Promise((r) => setTimeout(r, 500));
      await announceChanges(handle.db, ['552032534', '356000000']);
      await until(1);
      expect(received).toEqual([['552032534', '356000000']]);
      await announceChanges(handle.db, null);
      await until(2);
      expect(received[1]).toBeNull();
      await announceChanges(handle.db, []);
      await new Promise((r) => setTimeout(r, 200));
      expect(received).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      await listener.close();
    }
  });
});
