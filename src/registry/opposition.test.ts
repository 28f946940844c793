import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { searchCompanies } from '@/search/companies';
import { searchDirectors } from '@/search/directors';
import { refreshSearchIndex } from '@/search/indexer';
import { createOppositionRequest } from './opposition';
import { insertRegistryFixtures } from './testing/fixtures';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await insertRegistryFixtures(handle.db);
  await refreshSearchIndex(handle.db);
});
afterAll(async () => handle?.close());

const directorNames = async (name: string) => {
  const r = await searchDirectors(handle.db, { name });
  if (!r.ok) throw new Error(r.message);
  return r.value.results.map((d) => d.displayName);
};

describe('opposition in search', () => {
  it('names the companies a person request touches, and search stops finding the person', async () => {
    expect((await directorNames('xavier jouppe')).length).toBeGreaterThan(0);
    const res = await createOppositionRequest(handle.db, {
      kind: 'person',
      personKey: 'JOUPPE|XAVIER|1990-02',
      email: 'demande@exemple.fr',
    });
    if (!res.ok) throw new Error(res.message);
    // Both mandates of the person (liquidator of one company, manager of another).
    expect(res.affectedSirens.sort()).toEqual(['104049424', '880878145']);
    await refreshSearchIndex(handle.db, { changedSirens: res.affectedSirens });
    expect(await directorNames('xavier jouppe')).toEqual([]);
    // The companies themselves stay findable.
    const company = await searchCompanies(handle.db, { q: '880878145' });
    expect(company.ok && company.value.results[0]?.siren).toBe('880878145');
  });
});
