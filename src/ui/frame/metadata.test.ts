import { describe, expect, it } from 'vitest';
import { getEnv } from '@/config/env';
import { frameMetadata, frameMetadataWithQuery } from './metadata';

const site = new URL(getEnv().SITE_URL).origin;

describe('frameMetadata', () => {
  it('gives a static page its bare path as canonical and Open Graph URL', () => {
    const m = frameMetadata('/extrait-kbis', { title: 'Extrait Kbis' });
    expect(m.title).toBe('Extrait Kbis');
    expect(m.alternates?.canonical).toBe(`${site}/extrait-kbis`);
    expect(m.openGraph).toMatchObject({ url: `${site}/extrait-kbis`, locale: 'fr_FR' });
    expect(m.robots).toBeUndefined();
  });

  it('keeps the query of a result page without the ad-click parameters', async () => {
    const generate = frameMetadataWithQuery('/resultats', { title: 'Résultats' });
    const m = await generate({
      searchParams: Promise.resolve({ q: 'michelin', gclid: 'abc', page: ['2', '3'] }),
    });
    expect(m.alternates?.canonical).toBe(`${site}/resultats?q=michelin&page=2&page=3`);
  });

  it('takes a base computed from the query (a title naming the search)', async () => {
    const generate = frameMetadataWithQuery('/dirigeants/resultats', (q) => ({
      title: `Dirigeants : ${String(q.name)}`,
    }));
    const m = await generate({ searchParams: Promise.resolve({ name: 'dupont' }) });
    expect(m.title).toBe('Dirigeants : dupont');
    expect(m.alternates?.canonical).toBe(`${site}/dirigeants/resultats?name=dupont`);
  });

  it('keeps the canonical a page gives itself', () => {
    const own = 'https://exemple.fr/entreprises/552032534/danone';
    const m = frameMetadata('/entreprises/552032534/mauvais', { alternates: { canonical: own } });
    expect(m.alternates?.canonical).toBe(own);
    expect(m.openGraph).toMatchObject({ url: own });
  });

  it('marks private pages noindex, without canonical or social tags', () => {
    const m = frameMetadata('/mon-compte/commandes');
    expect(m.robots).toEqual({ index: false, follow: false });
    expect(m.alternates?.canonical).toBeUndefined();
    expect(m.openGraph).toBeUndefined();
  });

  it("leaves a page's own robots rule alone", () => {
    const m = frameMetadata('/opposition', { robots: { index: false, follow: true } });
    expect(m.robots).toEqual({ index: false, follow: true });
  });
});
