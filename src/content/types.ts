import type { TocEntry } from './markdown';

export type Source = { title: string; publisher: string; url?: string };

/** One compiled content file (front matter of src/content/README.md, plus the body). */
export type ContentEntry = {
  title: string;
  description: string;
  date: string;
  updated?: string;
  author: string;
  tags: string[];
  sources: Source[];
  sirens: string[];
  aliases: string[];
  figuresYear?: number;
  category?: string;
  /** Rendered HTML of the Markdown body, h2/h3 with ids. */
  html: string;
  metadata: { readingTime: number; wordCount: number };
  /** Path below content/ without extension, e.g. `lexique/juridique/kbis`. */
  path: string;
  slug: string;
  /** The folder above the file (category, service path), null for flat collections. */
  folder: string | null;
  toc: TocEntry[];
};

export type Category = { slug: string; title: string; description: string };

export type CollectionName =
  | 'lexique'
  | 'dossiers'
  | 'actualites'
  | 'dictionnaire'
  | 'faq'
  | 'articles'
  | 'creation'
  | 'pages';

export type CategoryGroup = 'lexique' | 'dossiers' | 'actualites' | 'faq';
