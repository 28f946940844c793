import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { categories, category, urlOf } from '@/content';
import type { Category, CategoryGroup, CollectionName, ContentEntry } from '@/content/types';
import { EntryCards, ListHeader } from './Article';
import type { Crumb } from './Breadcrumbs';
import { pageMetadata } from './metadata';
import s from './content.module.css';

/** The editorial list pages' parts: a category's pages, its header and chips, cards, A–Z. */

export type CategoryPageProps = { params: Promise<{ category: string }> };

/**
 * What a category page of a group (/actualites/{category}, /nos-dossiers/…, /notre-lexique/…)
 * exports besides its body: one page a category, its metadata titled by `title`, and the
 * category its address names (Next's 404 for any other).
 */
export function categoryPages(
  group: CategoryGroup,
  home: string,
  title: (c: Category) => string = (c) => c.title,
) {
  return {
    generateStaticParams: () => categories(group).map((c) => ({ category: c.slug })),
    generateMetadata: async ({ params }: CategoryPageProps) => {
      const c = category(group, (await params).category);
      return c ? pageMetadata(`${home}/${c.slug}`, title(c), c.description) : {};
    },
    categoryOf: async ({ params }: CategoryPageProps): Promise<Category> => {
      const c = category(group, (await params).category);
      if (!c) notFound();
      return c;
    },
  };
}

/**
 * A category page's head: breadcrumbs (the group's home, the category), title and lead, then the
 * group's categories as chips, the current one marked `aria-current="page"`.
 */
export function CategoryHeader({
  group,
  home,
  current,
  chipsLabel,
}: {
  group: CategoryGroup;
  home: Crumb;
  current: Category;
  chipsLabel: string;
}) {
  return (
    <>
      <ListHeader
        trail={[home, { name: current.title, href: `${home.href}/${current.slug}` }]}
        title={current.title}
        lead={current.description}
      />
      <ul className={s.chips} aria-label={chipsLabel}>
        {categories(group).map((o) => (
          <li key={o.slug}>
            <Link
              href={`${home.href}/${o.slug}`}
              aria-current={o.slug === current.slug ? 'page' : undefined}
            >
              {o.title}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Entries of a collection as cards: title linked to the entry, description. */
export function CollectionCards({
  collection,
  entries,
  headingLevel,
}: {
  collection: CollectionName;
  entries: ContentEntry[];
  headingLevel?: 2 | 3;
}) {
  return (
    <EntryCards
      headingLevel={headingLevel}
      items={entries.map((e) => ({
        title: e.title,
        href: urlOf(collection, e),
        description: e.description,
      }))}
    />
  );
}

/** First letter of a title, accents folded, for the A–Z index; `#` for any other sign. */
function letterOf(title: string): string {
  const l =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')[0]
      ?.toUpperCase() ?? '#';
  return /[A-Z]/.test(l) ? l : '#';
}

/**
 * Terms by initial (dictionary, lexicon): the list of initials, each a link to its section,
 * then a section a letter (`#lettre-A`…) with the letter's terms as `list` shows them.
 */
export function InitialSections<T extends { title: string }>({
  items,
  list,
}: {
  items: T[];
  list: (terms: T[]) => ReactNode;
}) {
  const byLetter = new Map<string, T[]>();
  for (const t of items) {
    const l = letterOf(t.title);
    byLetter.set(l, [...(byLetter.get(l) ?? []), t]);
  }
  return (
    <>
      <ul className={s.letters} aria-label="Initiales">
        {[...byLetter.keys()].map((l) => (
          <li key={l}>
            <a href={`#lettre-${l}`}>{l}</a>
          </li>
        ))}
      </ul>
      {[...byLetter].map(([l, terms]) => (
        <section key={l} aria-labelledby={`lettre-${l}`}>
          <h2 id={`lettre-${l}`} className={s.sectionTitle}>
            {l}
          </h2>
          {list(terms)}
        </section>
      ))}
    </>
  );
}
