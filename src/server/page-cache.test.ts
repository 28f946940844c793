import http from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidateCompany, onCompanyInvalidated } from '@/registry/cache';
import { rawRequest, startTestServer, type TestServer } from './testing';
import { FrontPageCache, PURGE_QUIET_MS } from './page-cache';

/**
 * The cache in front of a real HTTP server whose handler answers as Next.js does for its cached
 * pages (the headers are Next's); `renders` counts the requests that reached the handler.
 */
let clock = 1_000_000;
let cache: FrontPageCache;
let renders = 0;
let server: TestServer;
let base: string;

const PAGE = `<!DOCTYPE html><html lang="fr"><body>${'Danone '.repeat(400)}</body></html>`;

function nextLike(req: http.IncomingMessage, res: http.ServerResponse): void {
  renders++;
  const u = new URL(req.url!, 'http://x');
  const say = (name: string) => u.searchParams.get(name) ?? u.pathname.includes(name);
  res.statusCode = u.pathname.includes('absente') ? 404 : 200;
  res.setHeader('Content-Type', say('json') ? 'application/json' : 'text/html; charset=utf-8');
  res.setHeader('x-nextjs-cache', u.pathname.includes('stale') ? 'STALE' : 'HIT');
  res.setHeader(
    'Cache-Control',
    u.pathname.includes('privee')
      ? 'private, no-cache, no-store, max-age=0, must-revalidate'
      : u.pathname.includes('sans-smaxage')
        ? 'public, max-age=60'
        : 's-maxage=100, stale-while-revalidate=31535900',
  );
  res.setHeader('Vary', 'rsc, next-router-state-tree, next-router-prefetch, Accept-Encoding');
  if (u.pathname.includes('cookie')) res.setHeader('Set-Cookie', 'a=b');
  const body = `${PAGE}<!-- ${req.url} rendu ${renders} -->`;
  if (u.pathname.startsWith('/lent/')) {
    // Headers now, the page 100 ms later.
    res.write(body.slice(0, 50));
    setTimeout(() => res.end(body.slice(50)), 100);
    return;
  }
  if (/gzip/.test(String(req.headers['accept-encoding']))) {
    res.setHeader('Content-Encoding', 'gzip');
    // Streamed in two writes, as Next.js does.
    const gz = gzipSync(body);
    res.write(gz.subarray(0, 100));
    res.end(gz.subarray(100));
  } else {
    res.write(body.slice(0, 50));
    res.end(body.slice(50));
  }
}

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (cache.serve(req, res)) return;
    cache.record(req, res);
    nextLike(req, res);
  });
  base = server.base;
});
afterAll(async () => server?.close());
beforeEach(() => {
  cache = new FrontPageCache(40 * 1024, () => clock);
  renders = 0;
});

/** A request, then the cache's compression of what it stored (kept once gzipped). */
async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const answer = await rawRequest(base + path, headers, method);
  await cache.settled();
  return answer;
}

describe('FrontPageCache', () => {
  it('serves a page Next.js served from its page cache again without Next.js', async () => {
    const first = await get('/entreprises/552032534/danone');
    clock += 7_000;
    const second = await get('/entreprises/552032534/danone');
    expect(renders).toBe(1);
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe(first.body.toString());
    expect(second.headers['x-nextjs-cache']).toBe('HIT');
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(second.headers.vary).toBe(first.headers.vary);
    expect(second.headers.age).toBe('7');
    expect(second.headers['content-length']).toBe(String(first.body.length));
    const head = await get('/entreprises/552032534/danone', {}, 'HEAD');
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
    expect(renders).toBe(1);
  });

  it('keeps one gzip copy and answers each client in an encoding it takes', async () => {
    const gz = { 'accept-encoding': 'gzip, deflate, br' };
    // Next.js sent it plain: compressed once, then kept.
    const plain = await get('/entreprises/552032534/danone');
    expect(cache.usedBytes).toBeLessThan(plain.body.length / 4);
    const again = await get('/entreprises/552032534/danone', gz);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(again.body).toString()).toBe(plain.body.toString());
    expect(again.headers.vary).toMatch(/Accept-Encoding/);
    const plainAgain = await get('/entreprises/552032534/danone');
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(plainAgain.body.toString()).toBe(plain.body.toString());
    expect(plainAgain.headers['content-length']).toBe(String(plain.body.length));
    // Stored gzipped as Next.js sent it: a plain client gets it decompressed.
    const first = await get('/entreprises/356000000/la-poste', gz);
    const forPlain = await get('/entreprises/356000000/la-poste');
    expect(forPlain.headers['content-encoding']).toBeUndefined();
    expect(forPlain.body.toString()).toBe(gunzipSync(first.body).toString());
    expect(renders).toBe(2);
  });

  it('goes back to Next.js once the page is older than its s-maxage', async () => {
    await get('/entreprises/552032534/danone');
    clock += 99_000;
    await get('/entreprises/552032534/danone');
    expect(renders).toBe(1);
    clock += 1_000;
    await get('/entreprises/552032534/danone');
    expect(renders).toBe(2);
  });

  it('keeps nothing that is not a shared, cached HTML page', async () => {
    const twice = async (path: string, headers: Record<string, string> = {}) => {
      const before = renders;
      await get(path, headers);
      await get(path, headers);
      return renders - before;
    };
    expect(await twice('/entreprises/552032534/danone?etablissements=closed')).toBe(2);
    expect(await twice('/entreprises/552032534/danone', { rsc: '1' })).toBe(2);
    expect(await twice('/entreprises/552032534/danone', { 'next-router-prefetch': '1' })).toBe(2);
    expect(await twice('/stale/page')).toBe(2);
    expect(await twice('/privee/compte')).toBe(2);
    expect(await twice('/sans-smaxage/page')).toBe(2);
    expect(await twice('/cookie/page')).toBe(2);
    expect(await twice('/absente/page')).toBe(2);
    expect(await twice('/json/page')).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('holds nothing personal: the same bytes for every cookie, and never a Set-Cookie', async () => {
    const alice = { cookie: 'better-auth.session_token=alice; registre_consent=all' };
    const bob = { cookie: 'better-auth.session_token=bob' };
    const first = await get('/entreprises/552032534/danone', alice);
    const forBob = await get('/entreprises/552032534/danone', bob);
    const forNobody = await get('/entreprises/552032534/danone');
    expect(renders).toBe(1);
    for (const answer of [first, forBob, forNobody]) {
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.body.toString()).toBe(first.body.toString());
    }
    // An answer that sets a cookie is personal: never kept, whoever asks next.
    await get('/cookie/page', alice);
    const other = await get('/cookie/page', bob);
    expect(renders).toBe(3);
    expect(other.headers['set-cookie']).toEqual(['a=b']);
  });

  it('drops the least recently served pages beyond its size (compressed)', async () => {
    // Room for about 13 compressed pages.
    const one = gzipSync(`${PAGE}<!-- /entreprises/10 rendu 10 -->`).length;
    cache = new FrontPageCache(Math.round(one * 13.5), () => clock);
    for (let i = 0; i < 20; i++) await get(`/entreprises/${i}`);
    expect(cache.size).toBeLessThan(20);
    expect(cache.size).toBeGreaterThan(10);
    expect(cache.usedBytes).toBeLessThanOrEqual(cache.maxBytes);
    const before = renders;
    await get('/entreprises/19');
    await get('/entreprises/0');
    expect(renders - before).toBe(1);
  });

  it("is emptied by the registry's invalidations: one company, or everything", async () => {
    const stop = onCompanyInvalidated((siren) => cache.purge(siren));
    try {
      await get('/entreprises/552032534/danone');
      await get('/entreprises/356000000/la-poste');
      expect(cache.size).toBe(2);
      invalidateCompany('552032534');
      expect(cache.size).toBe(1);
      invalidateCompany(null);
      expect(cache.size).toBe(0);
      await get('/entreprises/356000000/la-poste');
      expect(renders).toBe(3);
    } finally {
      stop();
    }
  });

  it('keeps nothing for a while after a purge, nor what was being served during it', async () => {
    await get('/entreprises/552032534/danone');
    cache.purge(null);
    // Next.js may still serve its cached page until the opposition's handler has ended.
    await get('/entreprises/552032534/danone');
    await get('/entreprises/552032534/danone');
    expect(renders).toBe(3);
    clock += PURGE_QUIET_MS;
    await get('/entreprises/552032534/danone');
    await get('/entreprises/552032534/danone');
    expect(renders).toBe(4);

    // An answer begun before a purge and ended after it.
    const slow = get('/lent/entreprises/356000000/la-poste');
    await new Promise((r) => setTimeout(r, 20));
    clock += PURGE_QUIET_MS;
    cache.purge(['356000000']);
    clock += PURGE_QUIET_MS;
    await slow;
    await get('/lent/entreprises/356000000/la-poste');
    expect(renders).toBe(6);
  });
});
