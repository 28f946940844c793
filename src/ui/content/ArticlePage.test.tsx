import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { entries, urlOf } from '@/content';
import { compileContentForTests } from '@/content/testing';
import {
  ArticlePage,
  articleMetadata,
  articleParams,
  findArticle,
  type ArticleCollection,
} from './ArticlePage';

const COLLECTIONS: ArticleCollection[] = [
  'actualites',
  'dossiers',
  'lexique',
  'dictionnaire',
  'creation',
];
const CATEGORISED = new Set<ArticleCollection>(['actualites', 'dossiers', 'lexique']);

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

function page(collection: ArticleCollection, folder: string | null, slug: string) {
  const found = findArticle(collection, folder, slug);
  expect(found, `${collection}/${folder}/${slug}`).not.toBeNull();
  const html = renderToStaticMarkup(<ArticlePage {...found!} />);
  const ld = jsonLd(html);
  const crumbs = ld.find((d) => d['@type'] === 'BreadcrumbList')!.itemListElement as Array<{
    name: string;
    item: string;
  }>;
  return {
    html,
    meta: articleMetadata(found),
    main: ld.find((d) => d['@type'] === 'Article' || d['@type'] === 'DefinedTerm')!,
    crumbs: crumbs.map((c) => c.name),
  };
}

describe('the article page of the five collections', () => {
  beforeAll(async () => {
    await compileContentForTests();
  });

  it('finds every entry at its own address, and none elsewhere', () => {
    for (const c of COLLECTIONS) {
      for (const p of articleParams(c)) {
        const found = findArticle(c, CATEGORISED.has(c) ? p.category : null, p.slug);
        expect(found?.entry.slug, `${c}/${p.slug}`).toBe(p.slug);
        expect(found?.category?.slug ?? '').toBe(CATEGORISED.has(c) ? p.category : '');
      }
      expect(findArticle(c, null, 'inconnu')).toBeNull();
    }
    const lexicon = entries('lexique')[0]!;
    expect(findArticle('lexique', 'inconnue', lexicon.slug)).toBeNull();
    expect(findArticle('lexique', lexicon.folder, lexicon.slug)).not.toBeNull();
  });

  it('gives each page its own title (the dictionary and the lexicon share terms)', () => {
    const seen = new Map<string, string>();
    const shared: string[] = [];
    for (const c of COLLECTIONS) {
      for (const p of articleParams(c)) {
        const found = findArticle(c, CATEGORISED.has(c) ? p.category : null, p.slug)!;
        const title = String(articleMetadata(found).title).toLowerCase();
        const url = urlOf(c, found.entry);
        if (seen.has(title)) shared.push(`${title}: ${seen.get(title)} et ${url}`);
        seen.set(title, url);
      }
    }
    expect(shared).toEqual([]);
    expect(page('lexique', 'formalites', 'bodacc').meta.title).toBe('BODACC');
    expect(page('dictionnaire', null, 'bodacc').meta).toMatchObject({
      title: 'BODACC — Dictionnaire du greffe',
      alternates: { canonical: expect.stringMatching(/\/dictionnaire-greffe\/bodacc$/) },
      openGraph: { title: 'BODACC — Dictionnaire du greffe', type: 'article' },
    });
  });

  it('renders each collection’s trail, JSON-LD, related reading and extras', () => {
    const blog = entries('actualites').find((e) => e.tags.length)!;
    const b = page('actualites', blog.folder, blog.slug);
    expect(b.crumbs).toEqual(['Accueil', 'Actualités', expect.any(String), blog.title]);
    expect(b.main['@type']).toBe('Article');
    expect(b.html).toContain(`href="/actualites/tag/${blog.tags[0]}"`);
    expect(b.meta.alternates?.canonical).toMatch(new RegExp(`${urlOf('actualites', blog)}$`));

    const guide = entries('dossiers')[0]!;
    const g = page('dossiers', guide.folder, guide.slug);
    expect(g.crumbs).toEqual(['Accueil', 'Nos dossiers', expect.any(String), guide.title]);
    expect(g.html).toContain('Découvrez tous nos services');

    const l = page('lexique', 'formalites', 'bodacc');
    expect(l.crumbs).toEqual(['Accueil', 'Notre lexique', 'Formalités et registres', 'BODACC']);
    expect(l.main).toMatchObject({
      '@type': 'DefinedTerm',
      name: 'BODACC',
      inDefinedTermSet: {
        name: 'Formalités et registres',
        url: expect.stringMatching(/\/notre-lexique\/formalites$/),
      },
    });
    expect(l.html).toContain('Termes voisins');

    const d = page('dictionnaire', null, 'bodacc');
    expect(d.crumbs).toEqual(['Accueil', 'Dictionnaire du greffe', 'BODACC']);
    expect(d.main).toMatchObject({
      '@type': 'DefinedTerm',
      inDefinedTermSet: { name: 'Dictionnaire du greffe' },
    });

    const c = page('creation', null, 'sasu');
    expect(c.crumbs).toEqual(['Accueil', 'Créer son entreprise', expect.any(String)]);
    expect(c.main['@type']).toBe('Article');
    expect(c.html).toContain('Les autres formes d’entreprise');
    expect(c.html).toContain('href="/creation-entreprise/sarl"');
  });
});
