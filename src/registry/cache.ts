import { getEnv } from '@/config/env';
import { countEvent } from '@/lib/stats';

/**
 * In-process cache of registry data (profiles, page data, director profiles), kept 5 minutes: the
 * spec's data cache time (section 9). It bounds how long a re-import takes to show in the API and
 * in freshly rendered pages. Rendered company pages themselves live in Next's page cache for a
 * random 86,400-129,600 s (`companyTtlMs`, spec section 9). Bounded (LRU by insertion order) so
 * that a crawl over millions of SIRENs cannot grow it without limit. An opposition request drops
 * the entries it touches.
 */
const MAX_ENTRIES = 20_000;
export const DATA_TTL_MS = 5 * 60_000;
const MIN_TTL_MS = 86_400_000;
const MAX_TTL_MS = 129_600_000;

type Entry = { value: unknown; expires: number };
type Listener = (sirens: readonly string[] | null) => void;
const globalCache = globalThis as unknown as {
  __companyCache?: Map<string, Entry>;
  __companyCacheChannel?: BroadcastChannel;
  __companyCacheListeners?: Set<Listener>;
};
const store = (globalCache.__companyCache ??= new Map<string, Entry>());
const listeners = (globalCache.__companyCacheListeners ??= new Set<Listener>());

/** Whether a cache key (or a page path) names one of these SIRENs. */
export function namesAny(key: string, sirens: ReadonlySet<string>): boolean {
  for (const m of key.matchAll(/\d{9}/g)) if (sirens.has(m[0])) return true;
  return false;
}

function dropLocally(sirens: readonly string[] | null): void {
  if (sirens === null) store.clear();
  else {
    const set = new Set(sirens);
    for (const key of store.keys()) if (namesAny(key, set)) store.delete(key);
  }
  for (const listener of listeners) listener(sirens);
}

/**
 * Calls `listener` in this thread whenever companies' data (their SIRENs) or all data (null) is
 * invalidated here or in another thread; synchronously when it happens in this thread. Returns
 * the function that stops it. The web server's page cache listens (scripts/serve.ts).
 */
export function onCompanyInvalidated(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Each thread of the process has its own cache (the web server's registry API runs in a worker
 * thread: src/server/registry-api-worker.ts); an invalidation reaches all of them through this
 * channel. Unreferenced: it never keeps a process alive.
 */
const channel = (globalCache.__companyCacheChannel ??= (() => {
  const c = new BroadcastChannel('registry-data-cache');
  c.onmessage = (event) => dropLocally((event as MessageEvent<string[] | null>).data);
  (c as unknown as { unref?: () => void }).unref?.();
  return c;
})());

/** The revalidation time of a company page: random, so that pages do not all expire together. */
export function companyTtlMs(random = Math.random): number {
  return MIN_TTL_MS + Math.floor(random() * (MAX_TTL_MS - MIN_TTL_MS + 1));
}

export async function cached<T>(
  key: string,
  load: () => Promise<T>,
  keep: (v: T) => boolean = () => true,
): Promise<T> {
  if (getEnv().REGISTRY_CACHE === 'off') return load();
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now) {
    countEvent('data_cache', { result: 'hit' });
    return hit.value as T;
  }
  countEvent('data_cache', { result: 'miss' });
  const value = await load();
  if (keep(value)) {
    if (store.size >= MAX_ENTRIES) {
      // The oldest tenth at once: a Map keeps the slots of deleted entries until it is rehashed,
      // and finding the oldest entry scans them, so evicting one entry per insertion cost a scan
      // of thousands of dead slots per call (5 % of the registry API's time under load).
      let n = MAX_ENTRIES / 10;
      for (const k of store.keys()) {
        store.delete(k);
        if (--n === 0) break;
      }
    }
    store.set(key, { value, expires: now + DATA_TTL_MS });
  }
  return value;
}

/**
 * Drops the cached data of one company or several, or everything (a person's data spans
 * companies), in every thread.
 */
export function invalidateCompany(sirens: string | readonly string[] | null): void {
  const list = typeof sirens === 'string' ? [sirens] : sirens;
  if (list !== null && list.length === 0) return;
  dropLocally(list);
  channel.postMessage(list);
}

/** The page-cache tag of every rendered company page, purged by an opposition request. */
export const COMPANY_PAGES_TAG = 'company-pages';
export const companyPageTag = (siren: string) => `company:${siren}`;
