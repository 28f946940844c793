'use client';

import { api, looksLoggedIn } from '@/ui/account/client';

/**
 * What the user follows, fetched once per page for every follow button on it (a results page
 * holds twenty), and updated in place when a button changes it.
 */
type Followed = Map<string, number[]>;
let followed: Promise<Followed> | null = null;
const listeners = new Set<() => void>();

export function loadFollowed(): Promise<Followed> {
  if (!looksLoggedIn()) return Promise.resolve(new Map());
  followed ??= api<{ siren: string; lists: number[] }[]>('GET', '/api/company/followed').then(
    (r) => (r.ok ? new Map(r.data.map((f) => [f.siren, f.lists])) : new Map()),
  );
  return followed;
}

export function refreshFollowed(): void {
  followed = null;
  void loadFollowed().then(() => listeners.forEach((l) => l()));
}

export function onFollowedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
