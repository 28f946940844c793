'use client';

import { useEffect, useSyncExternalStore } from 'react';

/**
 * The `schema-storage` persisted store (spec section 3): `{ state: { shouldRenderSchema },
 * version: 0 }` in localStorage. When false, the shell's structured-data block (the
 * organisation's JSON-LD) is left out. The server cannot read it, so the HTML every visitor and
 * every cache gets is the per-path rule's alone; the flag applies in the browser after
 * hydration (the server snapshot is `true`, so hydration matches).
 */
const KEY = 'schema-storage';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return true;
    const flag = (JSON.parse(raw) as { state?: { shouldRenderSchema?: unknown } }).state
      ?.shouldRenderSchema;
    return flag !== false;
  } catch {
    return true;
  }
}

export function setShouldRenderSchema(shouldRenderSchema: boolean): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ state: { shouldRenderSchema }, version: 0 }));
  } catch {
    // storage unavailable: the flag keeps its default
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the store.
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useShouldRenderSchema(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}

/**
 * Placed on a page that gives its own structured data (an article): the shell's block is
 * switched off while the page is shown, and on again when it is left (also when the tab closes,
 * so a stale `false` does not outlive the page).
 */
export function OwnSchema() {
  useEffect(() => {
    setShouldRenderSchema(false);
    const restore = () => setShouldRenderSchema(true);
    window.addEventListener('pagehide', restore);
    return () => {
      window.removeEventListener('pagehide', restore);
      restore();
    };
  }, []);
  return null;
}
