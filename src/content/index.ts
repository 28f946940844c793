import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/config/env';
import type { Category, CategoryGroup, CollectionName, ContentEntry } from './types';

export type { Category, CategoryGroup, CollectionName, ContentEntry } from './types';

/**
 * The content loader: reads what Velite compiled from content/ into .velite/ (next build runs
 * Velite first, see next.config.ts). Content pages are static, so this runs at build; the company
 * page's lexicon links also read it at render. Each collection is read once per process.
 */

const cache = new Map<string, unknown>();

function outputDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), getEnv().CONTENT_OUTPUT_DIR);
}

function load<T>(file: string): T {
  const hit = cache.get(file);
  if (hit) return hit as T;
  let data: T;
  try {
    data = JSON.parse(
      readFileSync(path.join(/*turbopackIgnore: true*/ outputDir(), `${file}.json`), 'utf8'),
    ) as T;
  } catch (e) {
    throw new Error(
      `Contenu non compilé (${file}.json introuvable dans .velite) : lancez « npx velite build ». ${(e as Error).message}`,
    );
  }
  cache.set(file, data);
  return data;
}

/** Newest first, then by title. */
function byDateDesc(a: ContentEntry, b: ContentEntry): number {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title, 'fr');
}

function byTitle(a: ContentEntry, b: ContentEntry): number {
  return a.title.localeCompare(b.title, 'fr', { sensitivity: 'base' });
}

/** Every entry of a collection: dated collections newest first, the others alphabetically. */
export function entries(collection: CollectionName): ContentEntry[] {
  const list = [...load<ContentEntry[]>(collection)];
  const dated = collection === 'actualites' || collection === 'dossiers';
  return list.sort(dated ? byDateDesc : byTitle);
}

export function categories(group: CategoryGroup): Category[] {
  return load<Record<CategoryGroup, Category[]>>('categories')[group];
}

export function category(group: CategoryGroup, slug: string): Category | undefined {
  return categories(group).find((c) => c.slug === slug);
}

export function inCategory(collection: CollectionName, categorySlug: string): ContentEntry[] {
  return entries(collection).filter((e) => e.category === categorySlug);
}

/** One entry by folder (category or service path; null for flat collections) and slug. */
export function entry(
  collection: CollectionName,
  folder: string | null,
  slug: string,
): ContentEntry | undefined {
  return load<ContentEntry[]>(collection).find((e) => e.slug === slug && e.folder === folder);
}

/** Blog tags with their article counts, most used first. */
export function blogTags(): Array<{ slug: string; count: number }> {
  const counts = new Map<string, number>();
  for (const e of entries('actualites')) {
    for (const t of e.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return [...counts].map(([slug, count]) => ({ slug, count })).sort((a, b) => b.count - a.count);
}

/**
 * Related entries: most shared tags, then same category, then newest; never the entry itself.
 */
export function related(collection: CollectionName, of: ContentEntry, limit = 3): ContentEntry[] {
  const tags = new Set(of.tags);
  return entries(collection)
    .filter((e) => e.path !== of.path)
    .map((e) => ({
      e,
      score:
        e.tags.filter((t) => tags.has(t)).length * 2 +
        (e.category && e.category === of.category ? 1 : 0),
    }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || byDateDesc(a.e, b.e))
    .slice(0, limit)
    .map((x) => x.e);
}

/** The articles of a service group page (`/{servicePath}/article/{slug}`), e.g. `extrait-kbis`. */
export function articlesFor(servicePath: string): ContentEntry[] {
  const folder = servicePath.replace(/^\//, '');
  return entries('articles').filter((e) => e.folder === folder);
}

/** The public URL of an entry. */
export function urlOf(collection: CollectionName, e: ContentEntry): string {
  switch (collection) {
    case 'lexique':
      return `/notre-lexique/${e.folder}/${e.slug}`;
    case 'dossiers':
      return `/nos-dossiers/${e.folder}/${e.slug}`;
    case 'actualites':
      return `/actualites/${e.folder}/${e.slug}`;
    case 'dictionnaire':
      return `/dictionnaire-greffe/${e.slug}`;
    case 'faq':
      return `/faq#${e.slug}`;
    case 'articles':
      return `/${e.folder}/article/${e.slug}`;
    case 'creation':
      return `/creation-entreprise/${e.slug}`;
    case 'pages':
      return `/${e.slug}`;
  }
}
