import { beforeAll, describe, expect, it } from 'vitest';
import { entries, urlOf } from './index';
import { lexiconLink } from './lexicon-links';
import { blogFeed } from './feed';
import { contentSitemapUrls } from './sitemap';
import { compileContentForTests } from './testing';

describe('links between content and registry pages', () => {
  beforeAll(async () => {
    await compileContentForTests();
  });

  it('links the company page’s notions to existing lexicon or dictionary entries', () => {
    const urls = new Set([
      ...entries('lexique').map((e) => urlOf('lexique', e)),
      ...entries('dictionnaire').map((e) => urlOf('dictionnaire', e)),
    ]);
    for (const term of ['siren', 'kbis', 'insolvency'] as const) {
      const href = lexiconLink(term);
      expect(href, term).not.toBeNull();
      expect(urls.has(href!), `${term} → ${href}`).toBe(true);
    }
  });

  it('matches titles and aliases whatever the accents, case and hyphens', () => {
    // "Extrait K-bis" (title) and "Kbis" (alias) name the same entry.
    expect(lexiconLink('kbis')).toMatch(/k-?bis/);
  });

  it('lists every content entry in the content sitemap, and every post in the feed', () => {
    const paths = new Set(contentSitemapUrls().map((u) => u.path));
    for (const c of ['actualites', 'dossiers', 'lexique', 'creation', 'articles'] as const) {
      for (const e of entries(c)) expect(paths.has(urlOf(c, e)), urlOf(c, e)).toBe(true);
    }
    const feed = blogFeed();
    for (const e of entries('actualites')) expect(feed).toContain(urlOf('actualites', e));
    expect(feed).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
  });
});
