import { describe, expect, it } from 'vitest';
import {
  editDistance,
  foldName,
  joinedKey,
  rawKey,
  significantTokens,
  tokensOf,
} from './normalize';

describe('foldName', () => {
  it.each([
    ["L'Oréal", 'oreal'],
    ['L’ORÉAL', 'oreal'],
    ['AGENCE DE L ENVIRONNEMENT', 'agence de environnement'],
    ["Qu'importe d'abord", 'importe abord'],
    ['S.A.R.L. Œuvre & Cie', 'sarl oeuvre cie'],
    ["O'Neill", 'oneill'],
    ['TOTALENERGIES   SE', 'totalenergies se'],
    ['Société Générale', 'societe generale'],
    ["l'd'eau", 'eau'],
    ['--', ''],
  ])('%s → %s', (input, folded) => {
    expect(foldName(input)).toBe(folded);
  });

  it('joins and keeps the raw form for names typed without separators', () => {
    expect(joinedKey(foldName('Total Energies'))).toBe('totalenergies');
    expect(joinedKey(foldName('FIT LAB'))).toBe('fitlab');
    expect(rawKey("L'Oréal")).toBe('loreal');
  });

  it('tokens are distinct words', () => {
    expect(tokensOf('la poste la')).toEqual(['la', 'poste']);
    expect(tokensOf('')).toEqual([]);
  });
});

describe('significantTokens', () => {
  it('drops legal-form and stop words unless nothing else is left', () => {
    expect(significantTokens(['danone', 'sa'])).toEqual(['danone']);
    expect(significantTokens(['sci', 'de', 'la'])).toEqual(['sci', 'de', 'la']);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions, bounded', () => {
    expect(editDistance('danone', 'danonne')).toBe(1);
    expect(editDistance('ganymede', 'ganimede')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'xyzxyzxyz', 2)).toBe(3);
  });
});
