/**
 * The site's one route table: every route of src/app (each `route.ts` and `page.tsx`), named as
 * Next.js names it, generated from the files (`routes.generated.ts`, written by route-table.ts at
 * every `next build` and `next dev`). What the web server answers ahead of Next.js (the registry
 * API, src/server/registry-api.ts) and how it classifies a request (the render queue, the
 * metrics' route label) match paths against this table with Next's own precedence, so that the
 * server can never claim a path Next.js would give to another route.
 */
import { ROUTE_KINDS } from './routes.generated';

export type RoutePattern = keyof typeof ROUTE_KINDS;
export type Params = Record<string, string | string[]>;

export const ROUTES = Object.keys(ROUTE_KINDS) as RoutePattern[];

/** The route handlers (a `route.ts`, not a `page.tsx`) outside `/api/`: no page is rendered. */
export const FILE_ROUTES: ReadonlySet<string> = new Set(
  ROUTES.filter((r) => ROUTE_KINDS[r] === 'handler' && !r.startsWith('/api/')),
);

/** A segment's rank in Next's precedence: static, then `[x]`, `[...x]`, `[[...x]]`. */
function rank(segment: string): number {
  if (segment.startsWith('[[')) return 3;
  if (segment.startsWith('[...')) return 2;
  return segment.startsWith('[') ? 1 : 0;
}

/**
 * A pattern's segments, split once: `matchRoute` runs on every request (the metrics' route
 * group, the render queue) over the whole table, and splitting each pattern each time was a
 * quarter of a millisecond per request in the cold-page profile (issue 41).
 */
const SEGMENTS = new Map<string, string[]>();
function segmentsOf(pattern: string): string[] {
  let segments = SEGMENTS.get(pattern);
  if (!segments) SEGMENTS.set(pattern, (segments = pattern.split('/').filter(Boolean)));
  return segments;
}

/** Patterns sorted as Next.js tries them: segment by segment, static before dynamic. */
export function byPrecedence(patterns: readonly string[]): string[] {
  return [...patterns].sort((a, b) => {
    const x = segmentsOf(a);
    const y = segmentsOf(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const d = rank(x[i]!) - rank(y[i]!);
      if (d) return d;
    }
    return x.length - y.length;
  });
}

/**
 * The route a path (without query) goes to among `patterns` (sorted by `byPrecedence`), with its
 * parameters decoded once as Next.js decodes them; null when none matches or the path has an
 * empty segment (a trailing slash, `//`); 'bad' for a malformed percent-encoding (Next.js answers
 * 400 itself).
 */
export function matchRoute(
  pathname: string,
  patterns: readonly string[],
): { pattern: string; params: Params } | null | 'bad' {
  const parts = pathname === '/' ? [] : pathname.split('/').slice(1);
  if (parts.includes('')) return null;
  for (const pattern of patterns) {
    const segments = segmentsOf(pattern);
    const params: Params = {};
    let ok = true;
    let consumed = false;
    try {
      for (let i = 0; i < segments.length && ok; i++) {
        const seg = segments[i]!;
        const catchAll = /^\[\[?\.\.\.(\w+)\]\]?$/.exec(seg);
        if (catchAll) {
          const rest = parts.slice(i).map(decodeURIComponent);
          if (rest.length === 0 && !seg.startsWith('[[')) ok = false;
          else if (rest.length) params[catchAll[1]!] = rest;
          consumed = true;
          break;
        }
        const one = /^\[(\w+)\]$/.exec(seg);
        if (i >= parts.length) ok = false;
        else if (one) params[one[1]!] = decodeURIComponent(parts[i]!);
        else if (seg !== parts[i]) ok = false;
      }
    } catch {
      return 'bad';
    }
    if (ok && (consumed || segments.length === parts.length)) return { pattern, params };
  }
  return null;
}
