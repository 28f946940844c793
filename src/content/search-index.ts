import { categories, entries, urlOf } from './index';
import { plainText } from './markdown';
import { words, type SearchDoc } from './search';
import type { CategoryGroup } from './types';

/** Searchable collections and the size of body text indexed per entry (keeps the index small). */
const BODY_WORDS = 120;

/** The index of the blog or the lexicon (with the court-registry dictionary), built at build. */
export function buildSearchIndex(which: 'actualites' | 'lexique'): SearchDoc[] {
  const sets: Array<['actualites' | 'lexique' | 'dictionnaire', CategoryGroup | null]> =
    which === 'actualites'
      ? [['actualites', 'actualites']]
      : [
          ['lexique', 'lexique'],
          ['dictionnaire', null],
        ];
  const out: SearchDoc[] = [];
  for (const [collection, group] of sets) {
    const titles = new Map(group ? categories(group).map((c) => [c.slug, c.title]) : []);
    for (const e of entries(collection)) {
      const body = plainText(e.html).split(' ').slice(0, BODY_WORDS).join(' ');
      out.push({
        t: e.title,
        d: e.description,
        u: urlOf(collection, e),
        c: e.category ? titles.get(e.category) : 'Dictionnaire du greffe',
        k: words([e.title, ...e.aliases, ...e.tags].join(' ')).join(' '),
        b: words(`${e.description} ${body}`).join(' '),
      });
    }
  }
  return out;
}
