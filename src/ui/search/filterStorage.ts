/**
 * The `filter-storage` persisted store (spec section 3): `{ state: { filters }, version: 0 }` in
 * localStorage, the filters object merged on every update.
 */
const KEY = 'filter-storage';

type Stored = Record<string, string>;

export function readStoredFilters(): Stored | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { state?: { filters?: Stored } };
    const filters = parsed.state?.filters;
    return filters && typeof filters === 'object' ? filters : null;
  } catch {
    return null;
  }
}

export function storeFilters(update: Stored): void {
  try {
    const filters = { ...(readStoredFilters() ?? {}), ...update };
    window.localStorage.setItem(KEY, JSON.stringify({ state: { filters }, version: 0 }));
  } catch {
    // Private browsing or storage full: the URL still carries the filters.
  }
}
