import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { category, entries, entry, inCategory, related, urlOf } from '@/content';
import type { Category, ContentEntry } from '@/content/types';
import { Article, type RelatedLink } from './Article';
import { entryMetadata } from './metadata';
import s from './content.module.css';

/**
 * The one article page of the five editorial collections (actualites, nos-dossiers,
 * notre-lexique, dictionnaire-greffe, creation-entreprise): each route finds its entry with
 * `findArticle`, answers 404 when there is none, and renders `ArticlePage`; what differs between
 * collections is the small configuration below.
 */
export type ArticleCollection = 'actualites' | 'dossiers' | 'lexique' | 'dictionnaire' | 'creation';

type Found = { collection: ArticleCollection; entry: ContentEntry; category: Category | null };

type Config = {
  /** The collection's home page: first crumb of the trail. */
  home: { name: string; href: string };
  /** Entries sit in categories: URL /{home}/{category}/{slug} and a crumb for the category. */
  categorised: boolean;
  /** What JSON-LD describes: an article, or a term of a glossary (a DefinedTermSet). */
  kind: 'Article' | 'DefinedTerm';
  /**
   * Added to the entry's title in `<title>`: the court-registry dictionary shares terms with the
   * lexicon (BODACC, radiation…), and each page's title must be its own.
   */
  titleSuffix?: string;
  relatedTitle?: string;
  related(found: Found): ContentEntry[];
  /** Rendered after the body. */
  Extra?: (props: { entry: ContentEntry }) => React.ReactNode;
};

function BlogTags({ entry: e }: { entry: ContentEntry }) {
  return e.tags.length ? (
    <ul className={s.chips} aria-label="Étiquettes">
      {e.tags.map((t) => (
        <li key={t}>
          <Link href={`/actualites/tag/${t}`}>#{t}</Link>
        </li>
      ))}
    </ul>
  ) : null;
}

function ServicesNote() {
  return (
    <p className={s.note}>
      Besoin d’un document officiel sur une entreprise ?{' '}
      <Link href="/services">Découvrez tous nos services</Link>.
    </p>
  );
}

const CONFIG: Record<ArticleCollection, Config> = {
  actualites: {
    home: { name: 'Actualités', href: '/actualites' },
    categorised: true,
    kind: 'Article',
    related: ({ entry: e }) => related('actualites', e),
    Extra: BlogTags,
  },
  dossiers: {
    home: { name: 'Nos dossiers', href: '/nos-dossiers' },
    categorised: true,
    kind: 'Article',
    related: ({ entry: e }) => related('dossiers', e),
    Extra: ServicesNote,
  },
  lexique: {
    home: { name: 'Notre lexique', href: '/notre-lexique' },
    categorised: true,
    kind: 'DefinedTerm',
    relatedTitle: 'Termes voisins',
    // The terms sharing a tag, or else the first terms of its category.
    related: ({ entry: e, category: c }) => {
      const near = related('lexique', e);
      return near.length
        ? near
        : inCategory('lexique', c!.slug)
            .filter((o) => o.slug !== e.slug)
            .slice(0, 5);
    },
  },
  dictionnaire: {
    home: { name: 'Dictionnaire du greffe', href: '/dictionnaire-greffe' },
    categorised: false,
    kind: 'DefinedTerm',
    titleSuffix: 'Dictionnaire du greffe',
    relatedTitle: 'Termes voisins',
    related: ({ entry: e }) => related('dictionnaire', e),
  },
  creation: {
    home: { name: 'Créer son entreprise', href: '/creation-entreprise' },
    categorised: false,
    kind: 'Article',
    relatedTitle: 'Les autres formes d’entreprise',
    related: ({ entry: e }) => entries('creation').filter((o) => o.slug !== e.slug),
  },
};

/** Every entry of a collection as its category ('' for flat collections) and slug. */
export function articleParams(collection: ArticleCollection) {
  return entries(collection).map((e) => ({ category: e.folder ?? '', slug: e.slug }));
}

/** The entry at /{home}/{category}/{slug} (category null for flat collections), or null. */
export function findArticle(
  collection: ArticleCollection,
  folder: string | null,
  slug: string,
): Found | null {
  const e = entry(collection, folder, slug);
  if (!e) return null;
  if (!CONFIG[collection].categorised) return { collection, entry: e, category: null };
  const c = category(collection as 'actualites' | 'dossiers' | 'lexique', folder ?? '');
  return c ? { collection, entry: e, category: c } : null;
}

/** Title (with the glossary's name), description, canonical and Open Graph of an article. */
export function articleMetadata(found: Found | null): Metadata {
  if (!found) return {};
  const { collection, entry: e } = found;
  const suffix = CONFIG[collection].titleSuffix;
  return entryMetadata(
    urlOf(collection, e),
    suffix ? { ...e, title: `${e.title} — ${suffix}` } : e,
  );
}

type CategorisedArticleProps = { params: Promise<{ category: string; slug: string }> };

/**
 * The route of a categorised collection's articles (/actualites/{category}/{slug},
 * /nos-dossiers/…, /notre-lexique/…): every article's params, its metadata, and the page (404
 * for an address that names none).
 */
export function categorisedArticleRoute(collection: 'actualites' | 'dossiers' | 'lexique') {
  const find = async ({ params }: CategorisedArticleProps) => {
    const p = await params;
    return findArticle(collection, p.category, p.slug);
  };
  return {
    generateStaticParams: () => articleParams(collection),
    generateMetadata: async (props: CategorisedArticleProps) => articleMetadata(await find(props)),
    Page: async function CategorisedArticle(props: CategorisedArticleProps) {
      const found = await find(props);
      if (!found) notFound();
      return <ArticlePage {...found} />;
    },
  };
}

export function ArticlePage(found: Found) {
  const { collection, entry: e, category: c } = found;
  const config = CONFIG[collection];
  const url = urlOf(collection, e);
  const categoryLink = c ? { name: c.title, href: `${config.home.href}/${c.slug}` } : null;
  const relatedLinks: RelatedLink[] = config
    .related(found)
    .map((r) => ({ title: r.title, href: urlOf(collection, r) }));
  const Extra = config.Extra;
  return (
    <Article
      entry={e}
      url={url}
      kind={config.kind}
      termSet={config.kind === 'DefinedTerm' ? (categoryLink ?? config.home) : undefined}
      trail={[config.home, ...(categoryLink ? [categoryLink] : []), { name: e.title, href: url }]}
      relatedTitle={config.relatedTitle}
      related={relatedLinks}
    >
      {Extra ? <Extra entry={e} /> : null}
    </Article>
  );
}
