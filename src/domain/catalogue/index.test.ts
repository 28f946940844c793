import { describe, expect, it } from 'vitest';
import {
  bodyOrderKinds,
  bodylessOrderKinds,
  documentKind,
  documentKinds,
  formatPrice,
  servicePriceCents,
  services,
  servicesFor,
  typesOf,
} from './index';

const specLinks = [
  '/extrait-kbis',
  '/numero-eori',
  '/numero-tva',
  '/situation-sirene',
  '/diagnostic-financier',
  '/numero-siren-siret',
  '/comptes-annuels',
  '/liste-etablissements',
  '/annonces-bodacc',
  '/marques',
  '/brevets',
  '/actes-et-statuts',
  '/liste-procedures-collectives',
  '/extrait-ps',
  '/diagnostic-afdcc',
  '/cotation-banque-de-france',
  '/code-ape',
  '/numero-rcs',
  '/pole-score',
  '/dirigeants',
  '/creation-entreprise',
];

describe('document kinds', () => {
  it('covers every order kind of spec section 7 exactly once', () => {
    const kinds = documentKinds.map((d) => d.kind).sort();
    expect(kinds).toEqual([...bodylessOrderKinds, ...bodyOrderKinds].sort());
  });

  it('marks the kinds that are ordered with a body', () => {
    expect(documentKind('acts').hasBody).toBe(true);
    expect(documentKind('kbis').hasBody).toBe(false);
  });

  it('prices every kind with a positive whole number of cents and at least one format', () => {
    for (const d of documentKinds) {
      expect(Number.isInteger(d.priceCents) && d.priceCents > 0, d.kind).toBe(true);
      expect(d.formats.length, d.kind).toBeGreaterThan(0);
    }
  });
});

describe('services', () => {
  it('has one service per page of spec section 2, each link unique', () => {
    expect(services.map((s) => s.link).sort()).toEqual([...specLinks].sort());
  });

  it('prices a service from its document kind, free tools have no price', () => {
    const kbis = services.find((s) => s.slug === 'extrait-kbis')!;
    expect(servicePriceCents(kbis)).toBe(documentKind('kbis').priceCents);
    expect(
      servicePriceCents(services.find((s) => s.slug === 'numero-siren-siret')!),
    ).toBeUndefined();
  });

  it('formats prices in euros the French way', () => {
    expect(formatPrice(490)).toBe('4,90\u00a0€');
  });
});

describe('services grid variant rules', () => {
  it('full variant hides the research type and company creation', () => {
    const full = servicesFor('full');
    expect(full.some((s) => s.type === 'research')).toBe(false);
    expect(full.some((s) => s.link === '/creation-entreprise')).toBe(false);
    expect(full.some((s) => s.link === '/extrait-kbis')).toBe(true);
  });

  it('full variant still hides company creation when it is not typed research', () => {
    const catalogue = services.map((s) =>
      s.slug === 'creation-entreprise' ? { ...s, type: 'legal' as const } : s,
    );
    expect(
      servicesFor('full', 'all', catalogue).some((s) => s.slug === 'creation-entreprise'),
    ).toBe(false);
  });

  it('compact variant leaves out the directors link only', () => {
    const compact = servicesFor('compact');
    expect(compact.some((s) => s.link === '/dirigeants')).toBe(false);
    expect(compact).toHaveLength(services.length - 1);
  });

  it('vertical variant shows everything', () => {
    expect(servicesFor('vertical')).toHaveLength(services.length);
  });

  it('filters by type', () => {
    const finance = servicesFor('full', 'finance');
    expect(finance.length).toBeGreaterThan(0);
    expect(finance.every((s) => s.type === 'finance')).toBe(true);
    expect(servicesFor('full', 'research')).toEqual([]);
  });

  it('lists the types present, in catalogue order', () => {
    expect(typesOf(servicesFor('full'))).toEqual([
      'official-document',
      'finance',
      'legal',
      'intellectual-property',
    ]);
  });
});
