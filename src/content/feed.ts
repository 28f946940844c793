import { getEnv } from '@/config/env';
import { entries, urlOf } from './index';

function xml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** RSS 2.0 of the blog, newest first (every article: the blog is small). */
export function blogFeed(): string {
  const site = getEnv().SITE_URL.replace(/\/$/, '');
  const posts = entries('actualites');
  const items = posts
    .map((p) => {
      const link = `${site}${urlOf('actualites', p)}`;
      return [
        '<item>',
        `<title>${xml(p.title)}</title>`,
        `<link>${xml(link)}</link>`,
        `<guid isPermaLink="true">${xml(link)}</guid>`,
        `<description>${xml(p.description)}</description>`,
        `<pubDate>${new Date(p.date).toUTCString()}</pubDate>`,
        ...(p.category ? [`<category>${xml(p.category)}</category>`] : []),
        '</item>',
      ].join('');
    })
    .join('\n');
  const newest = posts[0]?.updated ?? posts[0]?.date;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>Registre — Actualités des entreprises</title>
<link>${site}/actualites</link>
<atom:link href="${site}/actualites/feed.xml" rel="self" type="application/rss+xml"/>
<description>Réglementation, registres publics et conseils pratiques pour les entreprises.</description>
<language>fr-FR</language>
${newest ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : ''}
${items}
</channel>
</rss>
`;
}
