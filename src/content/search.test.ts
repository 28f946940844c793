import { describe, expect, it } from 'vitest';
import { search, suggest, words, type SearchDoc } from './search';

function doc(t: string, aliases: string[] = [], body = ''): SearchDoc {
  return {
    t,
    d: '',
    u: `/${t}`,
    k: words([t, ...aliases].join(' ')).join(' '),
    b: words(body).join(' '),
  };
}

const index = [
  doc('Extrait K-bis', ['Kbis', 'extrait Kbis']),
  doc('Procédure collective', ['procédures collectives']),
  doc('Société par actions simplifiée', ['SAS']),
  doc('Capital social', [], 'montant des apports des associés'),
  doc('Numéro SIREN'),
];

describe('French-aware content search', () => {
  it('"kbis" finds "K-bis" and "Kbis", whatever the case', () => {
    expect(search(index, 'kbis')[0]?.t).toBe('Extrait K-bis');
    expect(search(index, 'K-BIS')[0]?.t).toBe('Extrait K-bis');
    expect(search(index, 'k bis')[0]?.t).toBe('Extrait K-bis');
  });

  it('ignores accents and plurals', () => {
    expect(search(index, 'procedures')[0]?.t).toBe('Procédure collective');
    expect(search(index, 'société')[0]?.t).toBe('Société par actions simplifiée');
    expect(search(index, 'SOCIETES')[0]?.t).toBe('Société par actions simplifiée');
  });

  it('matches word prefixes and every word of the query, title before body', () => {
    expect(search(index, 'capit').map((h) => h.t)).toEqual(['Capital social']);
    expect(search(index, 'apports')[0]?.t).toBe('Capital social');
    expect(search(index, 'capital siren')).toEqual([]);
  });

  it('suggests the closest titles when nothing matches', () => {
    expect(search(index, 'sirne')).toEqual([]);
    expect(suggest(index, 'sirne')[0]?.t).toBe('Numéro SIREN');
    expect(suggest(index, '').length).toBeGreaterThan(0);
  });
});
