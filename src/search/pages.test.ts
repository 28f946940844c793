import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { EMPTY_FILTERS } from './filter-params';
import * as filters from './filters';
import { loadCompanyResults } from './pages';

// The page reads its URL with the request parser alone: the filters' own parser is not called.
vi.mock('./filters', async (importOriginal) => {
  const m = await importOriginal<typeof import('./filters')>();
  return { ...m, parseFilters: vi.fn(m.parseFilters) };
});

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const load = (query: string) =>
  loadCompanyResults(h.db, new URLSearchParams(query), { allowFiltersOnly: true });

describe('loadCompanyResults', () => {
  it('reads the URL once: the results and the panel get the same filters', async () => {
    const r = await load('q=boulangerie&departement=75&etat=actif&tri=taille');
    expect(r.state).toBe('ok');
    expect(r.filters).toMatchObject({ departments: ['75'], status: 'A' });
    expect(filters.parseFilters).not.toHaveBeenCalled();
  });

  it('a name search counts its list per category and state; filters alone do not', async () => {
    const byName = await load('q=boulangerie');
    expect(byName.state === 'ok' && byName.data.facets).toEqual({
      categories: {},
      statuses: {},
      labels: {},
    });
    const byFilters = await load('departement=75');
    expect(byFilters.state === 'ok' && byFilters.data.facets).toBeFalsy();
  });

  it('a refused request (a bad page) keeps its valid filters in the panel', async () => {
    const r = await load('departement=75&page=abc');
    expect(r).toMatchObject({ state: 'invalid', filters: { departments: ['75'] } });
    expect(r.state === 'invalid' && r.message).toMatch(/page/);
  });

  it('an invalid filter: the message names it, the panel starts empty', async () => {
    const r = await load('departement=20');
    expect(r).toMatchObject({ state: 'invalid', filters: EMPTY_FILTERS });
    expect(r.state === 'invalid' && r.message).toMatch(/departement/);
  });

  it('says when the contradictions filter finds nothing because the data holds no contradiction', async () => {
    const none = await load('departement=75&contradictions=1');
    expect(none).toMatchObject({ state: 'ok', noContradictions: true });
    await h.db.execute(
      sql`INSERT INTO company_contradictions (siren, rule, sides) VALUES ('552032534', 'state', '[]')`,
    );
    const some = await load('departement=75&contradictions=1');
    expect(some.state === 'ok' && some.noContradictions).toBeFalsy();
    await h.db.execute(sql`DELETE FROM company_contradictions`);
  });

  it('a name that filters excluded: how many the name finds without them', async () => {
    const r = await load('q=boulangerie&departement=75');
    expect(r).toMatchObject({ state: 'ok', withoutFilters: 0 });
    expect(r.state === 'ok' && r.data.total).toBe(0);
  });

  it('nothing asked: idle; a radius alone (the plain form) is left out', async () => {
    expect((await load('rayon=10')).state).toBe('idle');
  });
});
