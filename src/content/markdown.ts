/**
 * Markdown helpers shared by the Velite config (build time) and the loader: heading ids, the
 * table of contents read back from the rendered HTML, and the French-aware text folding used by
 * search. No dependency on Next.js, so Velite's bundler and Vitest can import this file.
 */

/** "Qu’est-ce qu’un Kbis ?" → "qu-est-ce-qu-un-kbis": accents folded, punctuation to dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};

function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/**
 * Rehype plugin: gives every h2 and h3 an id from its text (deduplicated with -2, -3…), so the
 * table of contents and shared links can point at sections; marks tables for horizontal scroll
 * and external links as opening safely.
 */
export function rehypeContent() {
  return (tree: HastNode) => {
    const seen = new Map<string, number>();
    const visit = (node: HastNode) => {
      if (node.type === 'element' && (node.tagName === 'h2' || node.tagName === 'h3')) {
        const base = slugify(textOf(node)) || 'section';
        const n = (seen.get(base) ?? 0) + 1;
        seen.set(base, n);
        node.properties = { ...node.properties, id: n === 1 ? base : `${base}-${n}` };
      }
      if (node.type === 'element' && node.tagName === 'a') {
        const href = String(node.properties?.href ?? '');
        if (/^https?:\/\//.test(href)) {
          node.properties = { ...node.properties, rel: ['noopener', 'noreferrer'] };
        }
      }
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
  };
}

export type TocEntry = { id: string; title: string; level: 2 | 3 };

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The h2/h3 headings of rendered HTML (with the ids `rehypeContent` gave them). */
export function tocFromHtml(html: string): TocEntry[] {
  const out: TocEntry[] = [];
  for (const m of html.matchAll(/<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)) {
    out.push({
      level: Number(m[1]) as 2 | 3,
      id: m[2]!,
      title: decodeEntities(m[3]!.replace(/<[^>]+>/g, '')).trim(),
    });
  }
  return out;
}

/** Plain text of rendered HTML, for search indexes and excerpts. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
