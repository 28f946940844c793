/**
 * French-aware search over a small content index, run in the browser (the index is built with
 * the site, see `buildSearchIndex`). Folding removes accents and case, reads "K-bis", "Kbis" and
 * "kbis" alike, and drops the plural marks -s/-x, so "procédures" finds "Procédure". Every word of
 * the query must start a word of the entry (prefix match: "immatric" finds "immatriculation").
 * Pure, no imports: shipped to the search pages only.
 */
import { foldLetters } from '@/domain/slug';

export type SearchDoc = {
  /** Title, shown. */
  t: string;
  /** Description, shown. */
  d: string;
  /** URL. */
  u: string;
  /** Category title, shown. */
  c?: string;
  /** Folded words: title and aliases (strong), then description and body (weak). */
  k: string;
  b: string;
};

/** Lower case, no accents, ligatures spelt out, apostrophes and punctuation as spaces. */
export function fold(text: string): string {
  return foldLetters(text).replace(/[’'`]/g, ' ');
}

/** Singular-ish form of a folded word: "societes" → "societe", "travaux" → "travau". */
export function stem(word: string): string {
  return word.length > 3 ? word.replace(/[sx]$/, '') : word;
}

/** The folded, stemmed words of a text, hyphenated words both split and joined ("k bis kbis"). */
export function words(text: string): string[] {
  const out = new Set<string>();
  for (const raw of fold(text).split(/[^a-z0-9-]+/)) {
    if (!raw) continue;
    const parts = raw.split('-').filter(Boolean);
    for (const p of parts) out.add(stem(p));
    if (parts.length > 1) out.add(stem(parts.join('')));
  }
  return [...out];
}

/** Query words: a hyphen or a space inside a short token ("k bis") also tried joined. */
function queryWords(query: string): string[] {
  return fold(query)
    .replace(/-/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .map(stem);
}

const STOP = new Set([
  'le',
  'la',
  'les',
  'de',
  'du',
  'des',
  'un',
  'une',
  'et',
  'en',
  'a',
  'au',
  'l',
  'd',
]);

function matches(wordList: string, q: string): boolean {
  return wordList === q || wordList.startsWith(`${q} `) || wordList.includes(` ${q}`);
}

export type SearchHit = SearchDoc & { score: number };

/** Entries matching every significant word of the query, best first. */
export function search(index: SearchDoc[], query: string, limit = 30): SearchHit[] {
  let q = queryWords(query).filter((w) => !STOP.has(w));
  if (!q.length) q = queryWords(query);
  if (!q.length) return [];
  const joined = q.join('');
  const hits: SearchHit[] = [];
  for (const doc of index) {
    const strong = ` ${doc.k} `;
    const weak = ` ${doc.b} `;
    let score = 0;
    let all = true;
    for (const w of q) {
      if (matches(strong, w)) score += strong.includes(` ${w} `) ? 10 : 6;
      else if (matches(weak, w)) score += strong.includes(` ${w} `) ? 3 : 2;
      else {
        all = false;
        break;
      }
    }
    // "k bis" typed with a space: the words joined may be one indexed word.
    if (!all && q.length > 1 && matches(strong, joined)) {
      all = true;
      score = 8;
    }
    if (all) hits.push({ ...doc, score });
  }
  return hits.sort((a, b) => b.score - a.score || a.t.localeCompare(b.t, 'fr')).slice(0, limit);
}

function trigrams(s: string): Set<string> {
  const p = `  ${s} `;
  const out = new Set<string>();
  for (let i = 0; i < p.length - 2; i++) out.add(p.slice(i, i + 3));
  return out;
}

/**
 * When nothing matches: the entries whose title words look most like the query (typos, other
 * spellings), so the page always proposes something.
 */
export function suggest(index: SearchDoc[], query: string, limit = 6): SearchDoc[] {
  const q = trigrams(fold(query).replace(/[^a-z0-9]+/g, ''));
  if (!q.size) return index.slice(0, limit);
  const scored = index.map((doc) => {
    let best = 0;
    for (const w of doc.k.split(' ')) {
      const t = trigrams(w);
      let common = 0;
      for (const g of q) if (t.has(g)) common++;
      best = Math.max(best, common / (q.size + t.size - common));
    }
    return { doc, best };
  });
  return scored
    .sort((a, b) => b.best - a.best)
    .slice(0, limit)
    .map((x) => x.doc);
}
