/**
 * Ranking of candidate names against a query. Pure; the formula is documented in docs/SEARCH.md.
 *
 * score = 1000 · tier + 200 · active + 100 · coverage + kind bonus + 1.5 · min(popularity, 30)
 * tiers: 4 exact name, 3.5 exact but for legal-form words, 3 all words, 2.5 a director's name,
 * 2 prefix, 1 fuzzy (typos). coverage + kind + popularity stay under 200, so a tier or the active
 * flag always wins.
 */
import { allowedTypos, editDistance, significantTokens } from './normalize';

export type NameKind = 'name' | 'sigle' | 'other' | 'sign' | 'person' | 'director';

export type CandidateName = {
  kind: NameKind;
  key: string;
  joined: string;
  raw: string;
  tokens: string[];
};

export type RankQuery = {
  key: string;
  joined: string;
  raw: string;
  tokens: string[];
  lastIsPrefix: boolean;
};

const KIND_BONUS: Record<NameKind, number> = {
  name: 30,
  person: 30,
  sigle: 20,
  other: 15,
  sign: 10,
  director: 0,
};

/** How well one name matches: tier (0 = not at all) and the share of the name's words covered. */
export function matchTier(q: RankQuery, n: CandidateName): { tier: number; coverage: number } {
  const nameTokens = n.tokens;
  const coverage = (matched: number) =>
    nameTokens.length ? Math.min(1, matched / nameTokens.length) : 0;
  const isDirector = n.kind === 'director';
  if (
    !isDirector &&
    (n.key === q.key || n.joined === q.joined || n.raw === q.joined || n.raw === q.raw)
  ) {
    return { tier: 4, coverage: 1 };
  }
  const qSig = significantTokens(q.tokens);
  const nSig = significantTokens(nameTokens);
  if (
    !isDirector &&
    qSig.length > 0 &&
    (qSig.join(' ') === nSig.join(' ') || qSig.join('') === nSig.join(''))
  ) {
    return { tier: 3.5, coverage: 1 };
  }

  const set = new Set(nameTokens);
  // Words joined in the name but split in the query (total energies ↔ totalenergies).
  const joinedPairs = new Set<string>();
  for (let i = 0; i + 1 < nameTokens.length; i++)
    joinedPairs.add(nameTokens[i]! + nameTokens[i + 1]!);
  const qTokens = mergeSplitWords(q.tokens, set);
  const exactHits = qTokens.filter((t) => set.has(t) || joinedPairs.has(t)).length;
  if (exactHits === qTokens.length) {
    const tier = n.kind === 'director' ? 2.5 : 3;
    return { tier, coverage: coverage(exactHits) };
  }
  if (n.kind === 'director') return { tier: 0, coverage: 0 };

  // Prefix: every word but the last exact, the last one starts a word of the name.
  const last = qTokens[qTokens.length - 1]!;
  const head = qTokens.slice(0, -1);
  const headOk = head.every((t) => set.has(t));
  if (q.lastIsPrefix && headOk && nameTokens.some((t) => t.startsWith(last))) {
    return { tier: 2, coverage: coverage(qTokens.length) };
  }
  if (q.joined.length >= 3 && (n.joined.startsWith(q.joined) || n.raw.startsWith(q.joined))) {
    return { tier: 2, coverage: Math.min(1, q.joined.length / Math.max(1, n.joined.length)) };
  }

  // Fuzzy: each word equal, a prefix (last word), or within the typos its length allows.
  // Legal-form and stop words the name lacks are forgiven.
  const needed = significantTokens(qTokens);
  let matched = 0;
  for (const t of needed) {
    const ok =
      set.has(t) ||
      (t === last && q.lastIsPrefix && nameTokens.some((w) => w.startsWith(t))) ||
      nameTokens.some((w) => {
        const max = allowedTypos(t);
        return max > 0 && editDistance(t, w, max) <= max;
      }) ||
      [...joinedPairs].some((w) => editDistance(t, w, allowedTypos(t)) <= allowedTypos(t));
    if (ok) matched++;
  }
  if (matched === needed.length) return { tier: 1, coverage: coverage(matched) };
  return { tier: 0, coverage: 0 };
}

/** Query words that the name writes as one ("fit lab" for FITLAB) are merged. */
function mergeSplitWords(tokens: string[], nameSet: Set<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const pair = i + 1 < tokens.length ? tokens[i]! + tokens[i + 1]! : null;
    if (pair && !nameSet.has(tokens[i]!) && nameSet.has(pair)) {
      out.push(pair);
      i++;
    } else out.push(tokens[i]!);
  }
  return out;
}

export function scoreOf(
  match: { tier: number; coverage: number },
  kind: NameKind,
  active: boolean,
  popularity: number,
): number {
  return (
    1000 * match.tier +
    (active ? 200 : 0) +
    100 * match.coverage +
    KIND_BONUS[kind] +
    1.5 * Math.min(popularity, 30)
  );
}
