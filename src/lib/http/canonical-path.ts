/**
 * The one canonical form of a request's path, which every check of the web server reads (the
 * front door's refusals and body caps, the public API's gate and its quotas and keys, the
 * registry API's fast path, the front page cache) and which Next.js routes by.
 *
 * Why: a check that compares the raw request line's prefix (`/api/companies/`) and a router that
 * resolves dot segments see two different paths. `GET /api/./companies/552032534` skipped the
 * API's gate (no quota, any key accepted) and Next still answered it (issue 36).
 *
 * The canonical form has no `.` or `..` segment (encoded or not: `%2e`, `.%2E`…), no empty
 * segment (repeated `/`; a trailing `/` is kept, Next has its own rule for it). A backslash or an
 * encoded separator (`%2f`, `%5c`) has no canonical form: no route of the site takes one, and
 * servers and proxies disagree on whether it separates segments.
 *
 * The front door (src/server/guard.ts) lets only canonical paths through: a GET or HEAD on
 * another form is redirected (308) to the canonical one, any other method refused (400), so no
 * check downstream ever sees a path Next.js would read differently.
 */

const ENCODED_SEPARATOR = /%(2f|5c)/i;

/** `.` and `..`, with any of their dots percent-encoded. */
function dots(segment: string): 0 | 1 | 2 {
  if (segment.length > 6 || !/^(\.|%2e)+$/i.test(segment)) return 0;
  const n = segment.replace(/%2e/gi, '.').length;
  return n === 1 ? 1 : n === 2 ? 2 : 0;
}

/** The canonical form of a path (no query), or null when it has none. */
export function canonicalPath(pathname: string): string | null {
  if (!pathname.startsWith('/') || pathname.includes('\\') || ENCODED_SEPARATOR.test(pathname))
    return null;
  // The common case in one test: no dot segment, no empty segment.
  if (!pathname.includes('//') && !/(^|\/)(\.|%2e)/i.test(pathname)) return pathname;
  const out: string[] = [];
  const segments = pathname.split('/');
  for (let i = 1; i < segments.length; i++) {
    const s = segments[i]!;
    const d = dots(s);
    if (d === 2) out.pop();
    else if (d === 0 && s !== '') out.push(s);
  }
  const last = segments[segments.length - 1]!;
  // A trailing `/`, or a final dot segment, which names a folder.
  const trailing = out.length > 0 && (last === '' || dots(last) > 0);
  return `/${out.join('/')}${trailing ? '/' : ''}`;
}

/** The raw path of a request target, without its query. */
export function rawPathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * The path every check reads: the canonical form of the request's (the front door has already
 * refused any other form; a path without one stays as it is and matches no route).
 */
export function requestPath(url: string | undefined): string {
  const raw = rawPathOf(url ?? '/');
  return canonicalPath(raw) ?? raw;
}
