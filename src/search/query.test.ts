import { describe, expect, it } from 'vitest';
import { parseDirectorQuery, parseQuery } from './query';

describe('parseQuery', () => {
  it('reads a SIREN with spaces and pads a short one', () => {
    expect(parseQuery('552 032 534')).toEqual({ kind: 'siren', siren: '552032534' });
    expect(parseQuery('35600000')).toEqual({ kind: 'siren', siren: '035600000' });
  });

  it('reads a SIRET and a VAT number', () => {
    expect(parseQuery('552 032 534 00703')).toEqual({ kind: 'siret', siret: '55203253400703' });
    expect(parseQuery('FR27552032534')).toEqual({
      kind: 'vat',
      siren: '552032534',
      keyValid: true,
    });
    expect(parseQuery('fr 00 552032534')).toEqual({
      kind: 'vat',
      siren: '552032534',
      keyValid: false,
    });
  });

  it('folds a name and keeps its words', () => {
    const q = parseQuery("  L'Oréal   Paris ");
    expect(q).toMatchObject({
      kind: 'name',
      key: 'oreal paris',
      joined: 'orealparis',
      tokens: ['oreal', 'paris'],
    });
  });

  it('refuses a query under 2 characters, an empty or an overlong one', () => {
    expect(parseQuery('a')).toMatchObject({ code: 'QUERY_TOO_SHORT' });
    expect(parseQuery('   ')).toMatchObject({ code: 'QUERY_TOO_SHORT' });
    expect(parseQuery(null)).toMatchObject({ code: 'QUERY_TOO_SHORT' });
    expect(parseQuery('--')).toMatchObject({ code: 'QUERY_EMPTY' });
    expect(parseQuery('x'.repeat(10_000))).toMatchObject({ code: 'QUERY_TOO_LONG' });
  });

  it('drops control characters', () => {
    expect(parseQuery('da\u0000no\u0007ne')).toMatchObject({
      kind: 'name',
      tokens: ['da', 'no', 'ne'],
    });
  });
});

describe('parseDirectorQuery', () => {
  it('takes a birth year apart from the names', () => {
    expect(parseDirectorQuery('Jouppe Xavier 1970')).toEqual({
      tokens: ['jouppe', 'xavier'],
      birthYear: 1970,
      text: 'Jouppe Xavier 1970',
    });
  });
  it('needs a name', () => {
    expect(parseDirectorQuery('1970')).toMatchObject({ code: 'QUERY_EMPTY' });
    expect(parseDirectorQuery('x')).toMatchObject({ code: 'QUERY_TOO_SHORT' });
  });
});

describe('parsers never throw', () => {
  it('on thousands of generated inputs', async () => {
    const fc = (await import('fast-check')).default;
    const { parseFilters } = await import('./filters');
    const { parsePageParam } = await import('@/public-api/search-params');
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 })),
        (input) => {
          const q = parseQuery(input);
          if ('code' in q) expect(q.message.length).toBeGreaterThan(0);
          else if (q.kind === 'name')
            expect(q.tokens.every((t) => /^[a-z0-9]+$/.test(t))).toBe(true);
          parseDirectorQuery(input);
          parsePageParam(input, 25);
          parseFilters(
            new URLSearchParams({
              departement: input,
              activite: input,
              capital_min: input,
              lieu: input,
            }),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
