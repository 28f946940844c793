/**
 * Test helpers of the orders area: users with a session, requests to the route handlers as that
 * user, and a site database wired the way route handlers reach it (getDb()).
 *
 * Users are made the way the accounts area stores them (Better Auth's `user` and `session`
 * tables, created here only when the branch does not have them yet); if the accounts module
 * offers its own helper, `createTestUser` is the one place to switch to it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '@/accounts/session';
import type { Db, DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { directoryStorage, setFileStorage } from './storage';

export type TestUser = { user: SessionUser; headers: Record<string, string> };

async function ensureAccountTables(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists "user" (
    id text primary key, name text not null, email text not null unique,
    email_verified boolean not null default false, image text,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
  await db.execute(sql`create table if not exists "session" (
    id text primary key, expires_at timestamptz not null, token text not null unique,
    created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
    ip_address text, user_agent text, user_id text not null references "user"(id) on delete cascade)`);
}

export async function createTestUser(db: Db, email: string): Promise<TestUser> {
  await ensureAccountTables(db);
  const id = randomUUID();
  const token = randomBytes(24).toString('hex');
  const csrf = randomBytes(16).toString('hex');
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, ${email}, ${email}, true)`,
  );
  await db.execute(
    sql`insert into "session" (id, token, user_id, expires_at)
        values (${randomUUID()}, ${token}, ${id}, now() + interval '1 day')`,
  );
  return {
    user: { id, email, emailVerified: true, role: 'user' },
    headers: {
      cookie: `better-auth.session_token=${token}.sig; XSRF-TOKEN=${csrf}`,
      'x-xsrf-token': csrf,
    },
  };
}

/** A request to a route handler, as `who` (or as a guest). */
export function request(
  url: string,
  init: { method?: string; body?: unknown; who?: TestUser; headers?: Record<string, string> } = {},
): Request {
  const headers: Record<string, string> = { ...init.who?.headers, ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  return new Request(new URL(url, 'http://localhost:3000'), {
    method: init.method ?? 'GET',
    headers,
    body,
  });
}

export type Params<T> = { params: Promise<T> };
export const params = <T>(value: T): Params<T> => ({ params: Promise.resolve(value) });

const globalForDb = globalThis as unknown as { __dbHandle?: DbHandle };

/** A fresh database that route handlers reach through getDb(), and files in a temporary folder. */
export async function openSiteTestDb(): Promise<{ handle: DbHandle; close: () => Promise<void> }> {
  const handle = await createTestDb();
  globalForDb.__dbHandle = handle;
  const dir = await mkdtemp(path.join(tmpdir(), 'orders-files-'));
  setFileStorage(directoryStorage(dir));
  return {
    handle,
    close: async () => {
      globalForDb.__dbHandle = undefined;
      setFileStorage(undefined);
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
