import { describe, expect, it } from 'vitest';
import { birthLabel, directorPriority, pickMainDirector, type Representative } from './directors';

const rep = (id: string, role: string, current = true): Representative => ({
  id,
  kind: 'person',
  role,
  roleCode: null,
  name: id,
  firstNames: null,
  lastName: id,
  birth: null,
  nationality: null,
  companySiren: null,
  companyHeld: false,
  startDate: null,
  endDate: current ? null : '2020-01-01',
  current,
  profile: null,
  source: { source: 'rne', label: 'RNE', date: null },
});

describe('main director (spec section 6)', () => {
  it('follows the priority list of role labels', () => {
    expect(
      pickMainDirector([
        rep('a', 'Administrateur'),
        rep('b', 'Gérant'),
        rep('c', 'Président de SAS'),
      ])?.id,
    ).toBe('c');
    expect(
      pickMainDirector([rep('a', 'Directeur général délégué'), rep('b', 'Directeur Général')])?.id,
    ).toBe('b');
    expect(
      pickMainDirector([
        rep('a', "Président du conseil d'administration et directeur général"),
        rep('b', 'Président'),
      ])?.id,
    ).toBe('a');
    expect(
      pickMainDirector([rep('a', 'Liquidateur'), rep('b', 'Commissaire aux comptes titulaire')])
        ?.id,
    ).toBe('a');
  });

  it('takes the only director, and prefers current mandates', () => {
    expect(pickMainDirector([rep('a', 'Commissaire aux comptes suppléant')])?.id).toBe('a');
    expect(pickMainDirector([rep('a', 'Président', false), rep('b', 'Administrateur')])?.id).toBe(
      'b',
    );
    expect(pickMainDirector([])).toBeNull();
  });

  it('names no main director when the source names no head (issue 16: La Poste)', () => {
    // Eleven board members and no president in the source: none is promoted, whatever the order.
    expect(
      pickMainDirector([
        rep('recherche-entreprises:356000000:7', 'Administrateur'),
        rep('recherche-entreprises:356000000:10', 'Administrateur'),
        rep('recherche-entreprises:356000000:1', 'Autre'),
      ]),
    ).toBeNull();
    // Ties between heads go to the source's own order (not the alphabet).
    expect(pickMainDirector([rep('rne:1:10', 'Gérant'), rep('rne:1:2', 'Gérant')])?.id).toBe(
      'rne:1:2',
    );
  });

  it('never ranks an auditor above anyone', () => {
    expect(directorPriority('Commissaire aux comptes titulaire')).toBe(Number.POSITIVE_INFINITY);
    expect(directorPriority('Autre')).toBeLessThan(Number.POSITIVE_INFINITY);
  });
});

describe('birth label', () => {
  it('prints month and year, never a day', () => {
    expect(birthLabel(1964, 12)).toBe('décembre 1964');
    expect(birthLabel(1964, null)).toBe('1964');
    expect(birthLabel(null, 3)).toBeNull();
  });
});
