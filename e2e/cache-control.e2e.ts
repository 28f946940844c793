import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';

/**
 * The real server's Cache-Control (src/security/personal-pages.test.ts checks the pages' source):
 * personal pages were static shells sent with `s-maxage=31536000`; company pages let a CDN serve
 * a copy stale for a year after an opposition. And /.well-known/security.txt is served at run time
 * with the site's own origin.
 */
const url = (path: string) => new URL(path, baseUrl()).toString();

const PERSONAL = [
  '/mon-compte',
  '/login',
  '/register',
  '/forgot-password',
  '/password-reset/jeton-quelconque',
  '/verify-email',
  '/payment',
  '/paiement-securise',
  '/successful-payment',
  '/commandes/00000000-0000-0000-0000-000000000000',
];

describe('Cache-Control on the real server', () => {
  it.each(PERSONAL)('%s answers private, no-store', async (path) => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url(path), { redirect: 'manual' });
      await res.arrayBuffer();
      const cc = res.headers.get('cache-control') ?? '';
      expect(cc, path).toMatch(/\bprivate\b/);
      expect(cc, path).toMatch(/\bno-store\b/);
      expect(cc, path).not.toMatch(/s-maxage/);
      // Never from the front page cache.
      expect(res.headers.get('age'), path).toBeNull();
    }
  });

  it('a company page may be served stale for a day at most', async () => {
    const res = await fetch(url('/entreprises/552032534/danone'));
    await res.arrayBuffer();
    const cc = res.headers.get('cache-control') ?? '';
    const maxAge = Number(/s-maxage=(\d+)/.exec(cc)?.[1]);
    const swr = Number(/stale-while-revalidate=(\d+)/.exec(cc)?.[1] ?? 0);
    expect(maxAge).toBeGreaterThan(0);
    expect(swr).toBeLessThanOrEqual(86_400);
    expect(maxAge + swr).toBeLessThanOrEqual(2 * 86_400);
  });

  it('serves /.well-known/security.txt with the site’s origin', async () => {
    const res = await fetch(url('/.well-known/security.txt'));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`Canonical: ${new URL(baseUrl()).origin}/.well-known/security.txt`);
    expect(text).toMatch(/^Contact: mailto:/m);
    expect(text).toMatch(/^Expires: \d{4}-\d\d-\d\dT/m);
  });
});
