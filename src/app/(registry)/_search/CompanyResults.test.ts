import { describe, expect, it } from 'vitest';
import { generalResultsTitle } from './CompanyResults';

describe('generalResultsTitle', () => {
  it('invites a search without a query', () => {
    expect(generalResultsTitle(undefined)).toBe('Rechercher une entreprise');
    expect(generalResultsTitle('   ')).toBe('Rechercher une entreprise');
  });
  it('quotes the query, shortened with an ellipsis past 60 characters', () => {
    expect(generalResultsTitle(' danone ')).toBe('Résultats pour « danone »');
    expect(generalResultsTitle('x'.repeat(100))).toBe(`Résultats pour « ${'x'.repeat(60)}… »`);
  });
});
