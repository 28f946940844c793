import { describe, expect, it } from 'vitest';
import { SERVICE_SEARCH_PATHS, serviceOf, serviceSearchMetadata } from './servicePages';

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
});
