/**
 * A shared cache in front of Next.js for the pages Next.js itself serves from its page cache
 * (ISR: company pages, director profiles, the per-company pages), as a CDN would keep them.
 *
 * Why: once rendered, such a page is the same bytes for every visitor until its revalidation time
 * (spec section 9). Next.js still routes each request and copies the page out of its cache under
 * the AsyncLocalStorage hooks it keeps enabled (see registry-api-worker.ts); this cache answers a
 * repeat request straight from memory before Next.js sees it.
 *
 * What it keeps, by HTTP's own rules for a shared cache:
 * - only GET requests without a query string or any of Next's client-navigation headers (those
 *   fetch the RSC payload, not the page), answered 200, in HTML, by Next's page cache
 *   (`x-nextjs-cache` HIT or MISS, not STALE), with `s-maxage`, without `private`, `no-store` or a
 *   cookie;
 * - for `s-maxage` seconds from when it was stored (the page's own revalidation time); a later
 *   request goes to Next.js, which serves or regenerates the page;
 * - one copy per page, in gzip only: as Next.js sent it when gzipped, else compressed once off the
 *   event loop (zlib's thread pool) before it is kept; a client that takes gzip gets those bytes
 *   as they are, the rare one that does not gets them decompressed. A cached company page (150 KB of HTML)
 *   then weighs about 20 KB, so the default 128 MB holds some 6,000 of them instead of 850;
 * - at most `maxBytes` in all (the compressed sizes), the least recently served dropped first.
 * An opposition request empties it at once, as it empties Next's page cache
 * (`purge`, wired to the registry's invalidations in scripts/serve.ts). The registry's invalidation
 * comes before Next's own (`revalidateTag`, applied when the opposition's route handler ends), so a
 * page Next.js still serves from its cache in between must not be kept: after a purge, nothing is
 * stored for `PURGE_QUIET_MS`, nor is any answer to a request that started before it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip, gunzipSync } from 'node:zlib';
import { namesAny } from '@/registry/cache';
import { acceptsGzip } from '@/lib/http/gzip';

const gzipAsync = promisify(gzip);

type Entry = {
  key: string;
  status: number;
  /** The page's headers, without its encoding (set per answer). */
  headers: Array<[string, string | string[]]>;
  /** The page, gzipped. */
  body: Buffer;
  storedAt: number;
  expires: number;
};

/** Request headers that make Next.js answer something other than the page's HTML. */
const NAVIGATION_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-url',
  'next-action',
  'range',
];

/** Response headers that belong to one connection or one answer, not to the stored page. */
const HOP_HEADERS = new Set([
  'content-encoding',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
  'content-length',
  'age',
]);

const MAX_PAGE_BYTES = 4 * 1024 * 1024;
export const PURGE_QUIET_MS = 10_000;

function headerOf(res: ServerResponse, name: string): string {
  const v = res.getHeader(name);
  return v === undefined ? '' : String(v);
}

const maxAgeOf = (cacheControl: string) => Number(/\bs-maxage=(\d+)/i.exec(cacheControl)?.[1] ?? 0);

export class FrontPageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;
  /** Pages answered from here, and cacheable pages Next.js had to serve (for the metrics). */
  readonly counts = { hits: 0, misses: 0 };
  private quietUntil = 0;
  private readonly compressing = new Set<Promise<void>>();

  constructor(
    readonly maxBytes = 128 * 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Bytes of the pages kept. */
  get usedBytes(): number {
    return this.bytes;
  }

  /** The cache key of a request, or null when its answer may not be kept. */
  keyOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const url = req.url ?? '';
    if (!url.startsWith('/') || url.includes('?')) return null;
    for (const h of NAVIGATION_HEADERS) if (req.headers[h] !== undefined) return null;
    return url;
  }

  /** Resolves once every page stored so far is compressed (for tests and benchmarks). */
  async settled(): Promise<void> {
    while (this.compressing.size) await Promise.all(this.compressing);
  }

  /** Answers the request from the cache and returns true, or returns false having written nothing. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const key = this.keyOf(req);
    if (key === null) return false;
    const entry = this.entries.get(key);
    if (!entry) return false;
    const now = this.now();
    if (entry.expires <= now) {
      this.drop(entry);
      return false;
    }
    // Most recently served last: the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    let body = entry.body;
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (acceptsGzip(req.headers['accept-encoding'])) res.setHeader('Content-Encoding', 'gzip');
    else body = gunzipSync(body);
    res.setHeader('Age', String(Math.floor((now - entry.storedAt) / 1000)));
    res.setHeader('Content-Length', String(body.length));
    res.end(req.method === 'HEAD' ? undefined : body);
    this.counts.hits++;
    return true;
  }

  /**
   * Watches the answer Next.js writes to a cacheable request, and keeps it if it may be kept.
   * Call before handing the request to Next.js: what is recorded is what goes on the wire (after
   * Next's own compression).
   */
  record(req: IncomingMessage, res: ServerResponse): void {
    const key = req.method === 'GET' ? this.keyOf(req) : null;
    if (key === null) return;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    let checked = false;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (!checked) {
        // Headers are set by the first write: an answer that cannot be kept (a static file, an
        // error, a dynamic page) is not copied at all.
        checked = true;
        tooBig = !this.mayKeep(res);
      }
      if (tooBig || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buf =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      size += buf.length;
      if (size > MAX_PAGE_BYTES) {
        tooBig = true;
        chunks.length = 0;
      } else chunks.push(buf);
    };
    const write = res.write;
    const end = res.end;
    const generation = this.generation;
    const keep = (body: Buffer) => {
      if (generation === this.generation && this.now() >= this.quietUntil)
        this.store(key, res, body);
    };
    res.write = function (this: ServerResponse, ...args: unknown[]) {
      collect(args[0], args[1]);
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as typeof res.write;
    res.end = function (this: ServerResponse, ...args: unknown[]) {
      collect(args[0], args[1]);
      const result = (end as (...a: unknown[]) => ServerResponse).apply(this, args);
      if (!tooBig) keep(Buffer.concat(chunks));
      return result;
    } as typeof res.end;
  }

  /** The rules of what may be kept, on the answer's status and headers. */
  private mayKeep(res: ServerResponse): boolean {
    if (res.statusCode !== 200) return false;
    const source = headerOf(res, 'x-nextjs-cache');
    if (source !== 'HIT' && source !== 'MISS') return false;
    if (!headerOf(res, 'content-type').startsWith('text/html')) return false;
    if (res.getHeader('set-cookie') !== undefined) return false;
    const cacheControl = headerOf(res, 'cache-control');
    if (/\b(private|no-store|no-cache)\b/i.test(cacheControl)) return false;
    return maxAgeOf(cacheControl) > 0;
  }

  private store(key: string, res: ServerResponse, body: Buffer): void {
    if (!this.mayKeep(res)) return;
    this.counts.misses++;
    const maxAge = maxAgeOf(headerOf(res, 'cache-control'));
    const encoding = headerOf(res, 'content-encoding');
    if (encoding !== 'gzip' && encoding !== '') return;
    const headers: Entry['headers'] = [];
    for (const [name, value] of Object.entries(res.getHeaders()))
      if (value !== undefined && !HOP_HEADERS.has(name))
        headers.push([name, name === 'x-nextjs-cache' ? 'HIT' : (value as string | string[])]);
    // The answer's encoding depends on the client's Accept-Encoding: shared caches must know.
    const vary = headers.find(([name]) => name === 'vary');
    if (!vary) headers.push(['vary', 'Accept-Encoding']);
    else if (!/accept-encoding/i.test(String(vary[1])))
      vary[1] = `${String(vary[1])}, Accept-Encoding`;
    const now = this.now();
    const entry: Entry = {
      key,
      status: 200,
      headers,
      body,
      storedAt: now,
      expires: now + maxAge * 1000,
    };
    if (encoding === 'gzip') return this.insert(entry);
    // A plain page is kept once gzipped, in zlib's thread pool (off the event loop), unless a purge
    // came meanwhile; until then its requests go to Next.js.
    const generation = this.generation;
    const job = gzipAsync(body).then(
      (gz) => {
        if (generation !== this.generation) return;
        this.insert({ ...entry, body: gz });
      },
      () => undefined,
    );
    const tracked = job.finally(() => this.compressing.delete(tracked));
    this.compressing.add(tracked);
  }

  private insert(entry: Entry): void {
    const previous = this.entries.get(entry.key);
    if (previous) this.drop(previous);
    this.entries.set(entry.key, entry);
    this.bytes += entry.body.length;
    this.evict();
  }

  /** Drops the least recently served pages until the bound holds. */
  private evict(): void {
    for (const oldest of this.entries.values()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(entry: Entry): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.bytes -= entry.body.length;
  }

  /** Drops the pages of these companies (their path holds the SIREN), or every page. */
  purge(sirens: readonly string[] | null): void {
    this.generation++;
    this.quietUntil = this.now() + PURGE_QUIET_MS;
    const set = sirens === null ? null : new Set(sirens);
    for (const entry of [...this.entries.values()])
      if (set === null || namesAny(entry.key, set)) this.drop(entry);
  }
}
