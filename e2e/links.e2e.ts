import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';

/**
 * Link checker: from the home page and from every content page (the content sitemap), every
 * internal link must answer without a 404 or a 5xx. Content pages are followed recursively;
 * other pages (companies, services) are only checked, not crawled, so the walk stays bounded.
 */

const SKIP = /^\/(api|_next)\//;

function linksOf(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
    const raw = m[1]!.replace(/&amp;/g, '&');
    if (!raw.startsWith('/') || raw.startsWith('//')) continue;
    const path = raw.split('#')[0]!;
    if (path && !SKIP.test(path)) out.add(path);
  }
  return [...out];
}

/**
 * Requests in flight at once: the site renders two pages at a time (RENDER_CONCURRENCY), so two
 * keep it busy while this side reads the answers, and none waits in its render queue (a crawler
 * that would wait past its budget is refused with a 503, which fails this test).
 */
const FETCHES = 2;

/** Runs `work` on every item, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function get(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${baseUrl()}${path}`, { redirect: 'follow' });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, html: type.includes('text/html') ? await res.text() : '' };
}

describe('internal links', () => {
  it('no internal link reachable from / or from a content page answers 404 or 5xx', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemaps/contenu.xml`)).text();
    const contentPaths = new Set(
      [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
    );
    expect(contentPaths.size).toBeGreaterThan(20);
    const crawl = new Set(['/', ...contentPaths]);
    const status = new Map<string, number>();
    const foundOn = new Map<string, string>();
    for (const p of crawl) foundOn.set(p, 'plan du site');

    // Breadth first, a level at a time; the pages of a level are asked a few at once.
    let level = [...crawl];
    while (level.length) {
      const next: string[] = [];
      await inParallel(level, FETCHES, async (path) => {
        const page = await get(path);
        status.set(path, page.status);
        if (!crawl.has(path.split('?')[0]!)) return;
        for (const link of linksOf(page.html)) {
          if (foundOn.has(link)) continue;
          foundOn.set(link, path);
          next.push(link);
        }
      });
      level = next;
    }
    const broken = [...status]
      .filter(([, s]) => s === 404 || s >= 500)
      .map(([p, s]) => `${p} → ${s} (lien trouvé sur ${foundOn.get(p)})`);
    expect(broken).toEqual([]);
    expect(status.size).toBeGreaterThan(contentPaths.size);
  });
});
