import { getEnv } from '@/config/env';

/**
 * In-process cache of rendered-page data, per spec section 9: a company page is kept for a random
 * time between 86,400 and 129,600 s so that pages do not all expire together. The site renders
 * dynamically (each request reads the database) and this cache takes the read off the hot path.
 * Bounded (LRU by insertion order) so that a crawl over millions of SIRENs cannot grow it without
 * limit. An opposition request drops the entries it touches.
 */
const MAX_ENTRIES = 20_000;
const MIN_TTL_MS = 86_400_000;
const MAX_TTL_MS = 129_600_000;

type Entry = { value: unknown; expires: number };
const globalCache = globalThis as unknown as { __companyCache?: Map<string, Entry> };
const store = (globalCache.__companyCache ??= new Map<string, Entry>());

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
  if (hit && hit.expires > now) return hit.value as T;
  const value = await load();
  if (keep(value)) {
    if (store.size >= MAX_ENTRIES) {
      const oldest = store.keys().next().value;
      if (oldest !== undefined) store.delete(oldest);
    }
    store.set(key, { value, expires: now + companyTtlMs() });
  }
  return value;
}

/** Drops the cached data of one company, or everything (a person's data spans companies). */
export function invalidateCompany(siren: string | null): void {
  if (siren === null) {
    store.clear();
    return;
  }
  for (const key of store.keys()) if (key.includes(siren)) store.delete(key);
}
