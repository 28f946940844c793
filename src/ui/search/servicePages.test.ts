import { describe, expect, it } from 'vitest';
import { services } from '@/domain/catalogue';
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

  it('are the 19 service groups of the catalogue: all but the director search and the guide', () => {
    const links = services.map((s) => s.link);
    expect(SERVICE_SEARCH_PATHS).toHaveLength(19);
    expect([...SERVICE_SEARCH_PATHS, '/dirigeants', '/creation-entreprise'].sort()).toEqual(
      [...links].sort(),
    );
    expect(servicePathOf('marques')).toBe('/marques');
    expect(servicePathOf('dirigeants')).toBeUndefined();
    expect(servicePathOf('article')).toBeUndefined();
  });
});
