/**
 * The visitor's source id (spec sections 4 and 9): captured on every page by SourceIdCapture,
 * sent with orders by ./client.ts. Its own module so that the first load of every page carries
 * only this, not the ordering client (issue 38).
 */
import { adClickParams } from '@/ui/frame/rules';

const SOURCE_KEY = 'source-id';

export function readSourceId(): string | null {
  try {
    return window.localStorage.getItem(SOURCE_KEY);
  } catch {
    return null;
  }
}

/** Stores the first known source-id parameter of the query, once (spec section 4). */
export function captureSourceId(query: URLSearchParams): void {
  try {
    if (window.localStorage.getItem(SOURCE_KEY)) return;
    // The ad-click parameters that identify where a visitor came from (spec section 9).
    for (const name of adClickParams) {
      const value = query.get(name);
      if (value) {
        window.localStorage.setItem(SOURCE_KEY, `${name}=${value.slice(0, 200)}`);
        return;
      }
    }
  } catch {
    // storage unavailable: the order simply carries no source
  }
}
