/**
 * The registry's change feed: an import run (the CLI, the Sirene API poll) tells the running site
 * which companies it changed, so the site drops what it keeps of them (the data caches, its front
 * page cache, Next's page cache) at once instead of at their revalidation, up to 36 h later. A
 * company that becomes non-diffusible by a re-import thus leaves the pages within seconds.
 *
 * Carried by PostgreSQL's LISTEN/NOTIFY on the channel `registry_changed`: the import announces
 * after its files are committed; the web server listens on a connection of its own (not on the
 * embedded database, which takes one connection: there the site runs while no import can, and a
 * restart clears the caches). A payload is `*` (everything changed) or a JSON array of SIRENs.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';

export const CHANGE_CHANNEL = 'registry_changed';
/** Beyond this many SIRENs, the site is told that everything changed. */
export const CHANGE_LIST_MAX = 5000;
/** SIRENs per notification: PostgreSQL caps a payload at 8,000 bytes. */
const PER_MESSAGE = 500;

/** The payloads that announce these changes (null: everything changed). */
export function changeMessages(sirens: readonly string[] | null): string[] {
  if (sirens === null || sirens.length > CHANGE_LIST_MAX) return ['*'];
  const out: string[] = [];
  for (let i = 0; i < sirens.length; i += PER_MESSAGE)
    out.push(JSON.stringify(sirens.slice(i, i + PER_MESSAGE)));
  return out;
}

/** What a payload says: SIRENs, null for everything, undefined when it is not one of ours. */
export function parseChangeMessage(payload: string | undefined): string[] | null | undefined {
  if (payload === '*') return null;
  try {
    const v: unknown = JSON.parse(payload ?? '');
    if (Array.isArray(v) && v.every((s) => typeof s === 'string' && /^\d{9}$/.test(s)))
      return v as string[];
  } catch {
    // not ours
  }
  return undefined;
}

/** Announces changes to any listening site; a no-op when nothing listens (or on PGlite). */
export async function announceChanges(db: Db, sirens: readonly string[] | null): Promise<void> {
  if (sirens !== null && sirens.length === 0) return;
  for (const message of changeMessages(sirens))
    await queryRows(db, sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${message})`);
}

export type ChangeListener = { close: () => Promise<void> };

/**
 * Listens for changes on a connection of its own, reconnecting after a failure (every 5 s); calls
 * `onChange` with the SIRENs, or null for everything. A reconnection also calls it with null: the
 * announcements made while it was away are lost.
 */
export function listenForChanges(
  url: string,
  onChange: (sirens: string[] | null) => void,
  onError: (e: unknown) => void,
): ChangeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let connectedBefore = false;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (n) => {
      if (n.channel !== CHANGE_CHANNEL) return;
      const sirens = parseChangeMessage(n.payload);
      if (sirens !== undefined) onChange(sirens);
    });
    c.on('error', (e) => {
      onError(e);
      scheduleReconnect(c);
    });
    c.on('end', () => scheduleReconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (connectedBefore) onChange(null);
      connectedBefore = true;
    } catch (e) {
      onError(e);
      scheduleReconnect(c);
    }
  };
  const scheduleReconnect = (c: pg.Client) => {
    if (closed || client !== c || retry) return;
    client = null;
    void c.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 5000);
    retry.unref();
  };
  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
