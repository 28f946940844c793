import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { defineCollection, defineConfig, s } from 'velite';
import { rehypeContent, tocFromHtml } from './src/content/markdown';
import { ARTICLE_SERVICE_PATHS, COMPANY_TYPES } from './src/content/service-paths';

/**
 * The site's Markdown content (`content/`), validated and rendered at build by Velite. A file
 * that breaks the schema stops `next build` (strict mode) with its path and the field at fault.
 * Front matter format: src/content/README.md.
 */

type CategoryList = Array<{ slug: string; title: string; description: string }>;
type Categories = Record<'lexique' | 'dossiers' | 'actualites' | 'faq', CategoryList>;

const root = path.resolve(process.cwd(), 'content');
const categories = parseYaml(readFileSync(path.join(root, 'categories.yml'), 'utf8')) as Categories;
const slugsOf = (group: keyof Categories) => new Set((categories[group] ?? []).map((c) => c.slug));

const tagSlug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Front matter common to every collection (title ≤ 110 chars, description 50–200, sources ≥ 1). */
const common = {
  title: s.string().min(1).max(110),
  description: s.string().min(50).max(200),
  date: s.isodate(),
  updated: s.isodate().optional(),
  author: s.string().min(1),
  tags: s
    .array(s.string().regex(tagSlug, 'étiquette en minuscules, mots séparés par des tirets'))
    .default([]),
  sources: s
    .array(
      s
        .object({
          title: s.string().min(1),
          publisher: s.string().min(1),
          url: s.string().url().optional(),
        })
        .strict(),
    )
    .min(1),
  sirens: s.array(s.string().regex(/^\d{9}$/, 'SIREN à 9 chiffres')).default([]),
  aliases: s.array(s.string().min(1)).default([]),
  figuresYear: s.number().int().min(2000).max(2100).optional(),
  // Body: rendered HTML (heading ids), word count and reading time.
  html: s.markdown(),
  metadata: s.metadata(),
  path: s.path(),
};

/** The folder below the collection, the file name, and the table of contents. */
function derive<T extends { path: string; html: string }>(data: T) {
  const parts = data.path.split('/');
  return {
    ...data,
    slug: parts[parts.length - 1]!,
    folder: parts.length > 2 ? parts[parts.length - 2]! : null,
    toc: tocFromHtml(data.html),
  };
}

/** A collection whose files sit in `<collection>/<category>/<slug>.md`. */
function categorised(name: string, dir: string, group: keyof Categories) {
  const allowed = slugsOf(group);
  return defineCollection({
    name,
    pattern: `${dir}/*/*.md`,
    schema: s
      .object({
        ...common,
        category: s
          .string()
          .refine((c) => allowed.has(c), `catégorie absente de categories.yml (${group})`),
      })
      .strict()
      .transform(derive)
      .refine((d) => d.folder === d.category, {
        message: 'la catégorie doit être le nom du dossier',
        path: ['category'],
      }),
  });
}

/** A collection of flat files `<dir>/<slug>.md`, without category. */
function flat(name: string, pattern: string) {
  return defineCollection({
    name,
    pattern,
    schema: s.object(common).strict().transform(derive),
  });
}

const faqCategories = slugsOf('faq');
const serviceSet = new Set<string>(ARTICLE_SERVICE_PATHS);
const companyTypes = new Set<string>(COMPANY_TYPES);

export default defineConfig({
  root: 'content',
  strict: true,
  // VELITE_OUT: tests compile into a folder of their own.
  output: {
    data: process.env.VELITE_OUT ?? '.velite',
    assets: 'public/static',
    base: '/static/',
    clean: false,
  },
  markdown: { gfm: true, rehypePlugins: [rehypeContent] },
  collections: {
    categories: defineCollection({
      name: 'Categories',
      pattern: 'categories.yml',
      single: true,
      schema: s.object(
        Object.fromEntries(
          (['lexique', 'dossiers', 'actualites', 'faq'] as const).map((k) => [
            k,
            s
              .array(
                s.object({
                  slug: s.string().regex(tagSlug),
                  title: s.string().min(1),
                  description: s.string().min(1),
                }),
              )
              .min(1),
          ]),
        ) as unknown as Record<keyof Categories, ReturnType<typeof s.array>>,
      ),
    }),
    lexique: categorised('LexiconEntry', 'lexique', 'lexique'),
    dossiers: categorised('Guide', 'dossiers', 'dossiers'),
    actualites: categorised('Post', 'actualites', 'actualites'),
    dictionnaire: flat('DictionaryEntry', 'dictionnaire-greffe/*.md'),
    faq: defineCollection({
      name: 'FaqEntry',
      pattern: 'faq/*.md',
      schema: s
        .object({
          ...common,
          category: s
            .string()
            .refine((c) => faqCategories.has(c), 'catégorie absente de categories.yml (faq)'),
        })
        .strict()
        .transform(derive),
    }),
    articles: defineCollection({
      name: 'ServiceArticle',
      pattern: 'articles/*/*.md',
      schema: s
        .object(common)
        .strict()
        .transform(derive)
        .refine((d) => d.folder !== null && serviceSet.has(d.folder), {
          message: `dossier de service inconnu (attendu : ${ARTICLE_SERVICE_PATHS.join(', ')})`,
          path: ['path'],
        }),
    }),
    creation: defineCollection({
      name: 'CreationGuide',
      pattern: 'creation-entreprise/*.md',
      schema: s
        .object(common)
        .strict()
        .transform(derive)
        .refine((d) => companyTypes.has(d.slug), {
          message: `forme inconnue (attendu : ${COMPANY_TYPES.join(', ')})`,
          path: ['path'],
        }),
    }),
    pages: flat('InfoPage', 'pages/*.md'),
  },
});
