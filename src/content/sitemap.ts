import { blogTags, categories, entries, urlOf } from './index';
import type { CollectionName } from './types';

/** The sitemap file of the content side, listed first in the sitemap index. */
export const CONTENT_SITEMAP_FILE = 'contenu.xml';

const INFO_PAGES = [
  '/services',
  '/contact',
  '/conditions-generales',
  '/politiques-de-confidentialite',
  '/a-propos',
  '/mentions-legales',
  '/faq',
  '/logiciel-comptable',
  '/carrieres',
  '/newsroom',
  '/presse-media-kit',
  '/hub-data',
  '/securite',
];

const day = (iso: string) => iso.slice(0, 10);

/** Every content URL (lists, entries, information pages) with its last modification date. */
export function contentSitemapUrls(): Array<{ path: string; lastmod: string | null }> {
  const out: Array<{ path: string; lastmod: string | null }> = [];
  const add = (path: string, lastmod: string | null = null) => out.push({ path, lastmod });
  const collections: CollectionName[] = [
    'actualites',
    'dossiers',
    'lexique',
    'dictionnaire',
    'creation',
    'articles',
  ];
  for (const c of collections) {
    for (const e of entries(c)) add(urlOf(c, e), day(e.updated ?? e.date));
  }
  for (const [group, base] of [
    ['actualites', '/actualites'],
    ['dossiers', '/nos-dossiers'],
    ['lexique', '/notre-lexique'],
  ] as const) {
    add(base);
    for (const cat of categories(group)) add(`${base}/${cat.slug}`);
  }
  for (const t of blogTags()) add(`/actualites/tag/${t.slug}`);
  add('/dictionnaire-greffe');
  add('/creation-entreprise');
  for (const p of INFO_PAGES) {
    const slug = p.slice(1);
    const page = entries('pages').find((e) => e.slug === slug);
    add(p, page ? day(page.updated ?? page.date) : null);
  }
  return out;
}
