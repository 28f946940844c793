import { describe, expect, it } from 'vitest';
import { rankCandidates } from './name-search';
import { foldName, joinedKey, rawKey, tokensOf } from './normalize';
import { matchTier, scoreOf, type CandidateName, type NameKind, type RankQuery } from './rank';

function q(text: string, lastIsPrefix = false): RankQuery {
  const key = foldName(text);
  return { key, joined: joinedKey(key), raw: rawKey(text), tokens: tokensOf(key), lastIsPrefix };
}
function n(label: string, kind: NameKind = 'name'): CandidateName {
  const key = foldName(label);
  return { kind, key, joined: joinedKey(key), raw: rawKey(label), tokens: tokensOf(key) };
}

describe('matchTier', () => {
  it('exact name, joined or split', () => {
    expect(matchTier(q('danone'), n('DANONE')).tier).toBe(4);
    expect(matchTier(q('fit lab'), n('FITLAB')).tier).toBe(4);
    expect(matchTier(q('loreal'), n("L'OREAL")).tier).toBe(4);
  });
  it('exact but for legal-form words', () => {
    expect(matchTier(q('danone sa'), n('DANONE')).tier).toBe(3.5);
  });
  it('all words, in any order', () => {
    expect(matchTier(q('poste la'), n('LA POSTE')).tier).toBeGreaterThanOrEqual(3);
    expect(matchTier(q('paris poste'), n('LA POSTE PARIS LOUVRE')).tier).toBe(3);
    expect(matchTier(q('total energies'), n('TOTALENERGIES SE')).tier).toBe(3.5);
    expect(matchTier(q('total energies'), n('TOTALENERGIES MARKETING FRANCE')).tier).toBe(3);
  });
  it('prefix of the last word when typing', () => {
    expect(matchTier(q('la pos', true), n('LA POSTE')).tier).toBe(2);
    expect(matchTier(q('poste lou', true), n('LA POSTE PARIS LOUVRE')).tier).toBe(2);
  });
  it('typos within the allowance of the word length', () => {
    expect(matchTier(q('danonne'), n('DANONE')).tier).toBe(1);
    expect(matchTier(q('ganimede'), n('GANYMEDE')).tier).toBe(1);
    expect(matchTier(q('carrefour'), n('DANONE')).tier).toBe(0);
    expect(matchTier(q('ddanonnee'), n('DANONE')).tier).toBe(0);
  });
  it('a director match needs every word', () => {
    expect(matchTier(q('xavier jouppe'), n('XAVIER JOUPPE', 'director')).tier).toBe(2.5);
    expect(matchTier(q('xavier jupe'), n('XAVIER JOUPPE', 'director')).tier).toBe(0);
  });
});

describe('scoreOf', () => {
  it('orders by tier, then active, then coverage and size', () => {
    const exactCeased = scoreOf({ tier: 4, coverage: 1 }, 'name', false, 30);
    const wordsActive = scoreOf({ tier: 3, coverage: 1 }, 'name', true, 30);
    const exactActive = scoreOf({ tier: 4, coverage: 1 }, 'name', true, 0);
    expect(exactActive).toBeGreaterThan(exactCeased);
    expect(exactCeased).toBeGreaterThan(wordsActive);
    expect(scoreOf({ tier: 3, coverage: 1 }, 'name', true, 5)).toBeGreaterThan(
      scoreOf({ tier: 3, coverage: 0.5 }, 'name', true, 30),
    );
  });
});

describe('rankCandidates: equal scores', () => {
  it('puts the larger company first, never the smaller SIREN', () => {
    const row = (siren: string, popularity: number) => ({
      siren,
      siret: null,
      kind: 'name' as const,
      label: 'AGA',
      key: 'aga',
      joined: 'aga',
      raw: 'aga',
      tokens: ['aga'],
      status: 'A',
      popularity,
      company: null,
    });
    // Both above the score's cap of 30: equal scores, different sizes.
    const query = { ...q('aga'), kind: 'name' as const, text: 'aga' };
    const ranked = rankCandidates(query as never, [row('111111111', 31), row('999999999', 40)]);
    expect(ranked[0]!.score).toBe(ranked[1]!.score);
    expect(ranked.map((r) => r.siren)).toEqual(['999999999', '111111111']);
  });
});
