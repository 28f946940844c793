import { describe, expect, it } from 'vitest';
import { parseCourt, townName } from './courts';

describe('court names', () => {
  it('prints every spelling the sources use in one French form', () => {
    // Real values of the sample (BODACC XML, the BODACC API, the RCS registry town).
    const cases: Array<[string, string]> = [
      ['GREFFE DU TRIBUNAL DE COMMERCE DE PARIS', 'Greffe du tribunal de commerce de Paris'],
      ['Greffe du Tribunal de Commerce de paris', 'Greffe du tribunal de commerce de Paris'],
      ['GAAAreffe du Tribunal de Commerce de Paris', 'Greffe du tribunal de commerce de Paris'],
      ["GREFFE DU TRIBUNAL DE COMMERCE D'ANNECY", "Greffe du tribunal de commerce d'Annecy"],
      ['GREFFE DU TRIBUNAL DE COMMERCE DU MANS', 'Greffe du tribunal de commerce du Mans'],
      [
        'GREFFE DU TRIBUNAL MIXTE DE COMMERCE DE POINTE-À-PITRE',
        'Greffe du tribunal mixte de commerce de Pointe-à-Pitre',
      ],
      [
        "GREFFE DU TRIBUNAL D'INSTANCE DE STRASBOURG",
        "Greffe du tribunal d'instance de Strasbourg",
      ],
      [
        'GREFFE DU TRIBUNAL DE COMMERCE DE BOURG-EN-BRESSE',
        'Greffe du tribunal de commerce de Bourg-en-Bresse',
      ],
      ['Paris', 'Greffe du tribunal de commerce de Paris'],
      ['de paris', 'Greffe du tribunal de commerce de Paris'],
      ['bernay', 'Greffe du tribunal de commerce de Bernay'],
      ['Aix-en-Provence', "Greffe du tribunal de commerce d'Aix-en-Provence"],
    ];
    for (const [raw, label] of cases) expect(parseCourt(raw)?.label, raw).toBe(label);
  });

  it('writes towns in their usual case', () => {
    expect(townName('POINTE A PITRE')).toBe('Pointe-à-Pitre');
    expect(townName('FORT DE FRANCE')).toBe('Fort-de-France');
    expect(townName('Mâcon')).toBe('Mâcon');
    expect(townName('SAINT-ETIENNE')).toBe('Saint-Etienne');
  });
});
