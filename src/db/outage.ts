import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { isDatabaseUnavailable } from '../lib/errors';

/**
 * What a request saw of the database: whether one of its statements failed because the database
 * could not be reached or took no more connections (`isDatabaseUnavailable`, src/lib/errors.ts).
 * The web server opens a scope around Next.js's handling of a request (src/server/site.ts); the
 * site's pool notes its failures in the scope of the request that ran the statement, and a 500
 * that Next.js then answers becomes a 503 with `Retry-After` (src/server/unavailable.ts).
 *
 * The storage is kept on `globalThis`: the server's modules and the Next.js bundle each load this
 * file, and both must share one storage, as they share one pool (src/db/site.ts).
 */
export type OutageScope = { databaseUnavailable: boolean };

const KEY = Symbol.for('registre.database-outage-scope');
const holder = globalThis as unknown as { [KEY]?: AsyncLocalStorage<OutageScope> };
const scopes = (holder[KEY] ??= new AsyncLocalStorage<OutageScope>());

/** Runs `fn` in a fresh scope, which it receives. */
export function withOutageScope<T>(fn: (scope: OutageScope) => T): T {
  const scope: OutageScope = { databaseUnavailable: false };
  return scopes.run(scope, fn, scope);
}

function note(scope: OutageScope | undefined, e: unknown): void {
  if (scope && isDatabaseUnavailable(e)) scope.databaseUnavailable = true;
}

type Callback = (err: unknown, ...rest: unknown[]) => void;

/**
 * Makes a pool note its database failures in the scope of the request that asked: its `query`
 * (a connection taken, the statement run) and its `connect` (transactions), in both their promise
 * and callback forms. The errors themselves go on to the caller unchanged.
 */
export function noteOutages(pool: pg.Pool): void {
  const wrap = (name: 'query' | 'connect') => {
    const original = (pool[name] as (...args: unknown[]) => unknown).bind(pool);
    (pool as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const scope = scopes.getStore();
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const cb = args[last] as Callback;
        args[last] = (err: unknown, ...rest: unknown[]) => {
          if (err) note(scope, err);
          cb(err, ...rest);
        };
        return original(...args);
      }
      return (original(...args) as Promise<unknown>).catch((e: unknown) => {
        note(scope, e);
        throw e;
      });
    };
  };
  wrap('query');
  wrap('connect');
}
