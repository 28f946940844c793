/**
 * Test helpers of the orders area: users with a real session (registered through the accounts
 * area's routes, so their cookie and XSRF token are the ones a browser would hold), requests to
 * the route handlers as that user, and a site database wired the way route handlers reach it
 * (getDb()).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionUser } from '@/accounts/session';
import { solvedCaptcha, TestClient } from '@/testing/route-client';
import type { DbHandle } from '@/db/client';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { directoryStorage, setFileStorage } from './storage';
import { openSiteDb } from '@/testing/site-db';

export type TestUser = { user: SessionUser; headers: Record<string, string> };

/** Registers a user (which logs them in) and returns the headers of their browser. */
export async function createTestUser(_db: unknown, email: string): Promise<TestUser> {
  const client = new TestClient();
  let r = await client.post('/register', {
    email,
    password: 'phrase de passe longue',
    captcha: await solvedCaptcha(),
  });
  if (r.status === 429) {
    await resetAllRateLimits();
    r = await client.post('/register', {
      email,
      password: 'phrase de passe longue',
      captcha: await solvedCaptcha(),
    });
  }
  if (r.status !== 201)
    throw new Error(`inscription refusée (${r.status}) : ${JSON.stringify(r.body)}`);
  const me = await client.get('/api/me');
  const id = (me.body as { data: { data: { id: string | number } } }).data.data.id;
  return {
    user: { id: String(id), email, emailVerified: false, role: 'user' },
    headers: { cookie: client.cookieHeader(), 'x-xsrf-token': client.cookies.get('XSRF-TOKEN')! },
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

/** A fresh database that route handlers reach through getDb(), and files in a temporary folder. */
export async function openSiteTestDb(): Promise<{ handle: DbHandle; close: () => Promise<void> }> {
  const site = await openSiteDb();
  const dir = await mkdtemp(path.join(tmpdir(), 'orders-files-'));
  setFileStorage(directoryStorage(dir));
  return {
    handle: site.handle,
    close: async () => {
      setFileStorage(undefined);
      await site.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
