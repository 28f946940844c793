import { describe, expect, it } from 'vitest';
import {
  SERVICE_SEARCH_PATHS,
  serviceOf,
  servicePathOf,
  serviceSearchMetadata,
} from './servicePages';

describe('service search pages', () => {
  it('take their title and description from the catalogue, for every path', () => {
    for (const path of SERVICE_SEARCH_PATHS) {
      const s = serviceOf(path);
      expect(s.link).toBe(path);
      expect(s.title.length).toBeGreaterThan(3);
      expect(s.title).not.toBe(path.slice(1).replace(/-/g, ' '));
      expect(s.description.length).toBeGreaterThan(10);
    }
    expect(serviceSearchMetadata('/extrait-kbis').title).toMatch(
      /^Extrait Kbis : rechercher une entreprise$/,
    );
  });

  it('are the 19 service groups of spec section 2, and nothing else', () => {
    expect([...SERVICE_SEARCH_PATHS].sort()).toEqual(
      [
        '/extrait-kbis',
        '/numero-eori',
        '/numero-tva',
        '/situation-sirene',
        '/diagnostic-nota-pme',
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
      ].sort(),
    );
    expect(servicePathOf('marques')).toBe('/marques');
    expect(servicePathOf('dirigeants')).toBeUndefined();
    expect(servicePathOf('article')).toBeUndefined();
  });
});
