import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import {
  getHeaderStats,
  readHeaderStats,
  resetHeaderStatsCache,
  STATS_TTL_MS,
  type HeaderStats,
} from './stats';

const figures = (n: number): HeaderStats => ({
  docAvailable: n,
  searchableSiret: n,
  verifiedCompanyProfile: 0,
  kbisAvailable: n,
});

describe('readHeaderStats', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
    await handle.db.execute(sql`
      INSERT INTO companies (siren, name, status, is_natural_person, legal_form_code) VALUES
        ('000000001', 'SAS ACTIVE', 'A', false, '5710'),
        ('000000002', 'SCI ACTIVE', 'A', false, '6540'),
        ('000000003', 'SARL CESSEE', 'C', false, '5499'),
        ('000000004', 'JEAN DUPONT', 'A', true, '1000'),
        ('000000005', 'ASSOCIATION', 'A', false, '9220')`);
    await handle.db.execute(sql`
      INSERT INTO establishments (siret, siren, nic) VALUES
        ('00000000100011', '000000001', '00011'), ('00000000100029', '000000001', '00029'),
        ('00000000200010', '000000002', '00010')`);
    await handle.db.execute(sql`
      INSERT INTO notices (id, siren, bodacc_kind, family, published_at) VALUES
        ('A-1', '000000001', 'A', 'creation', '2024-01-02')`);
  });
  afterAll(async () => handle?.close());

  it('counts documents, establishments and RCS-registered active legal persons', async () => {
    expect(await readHeaderStats(handle.db)).toEqual({
      docAvailable: 5 + 1,
      searchableSiret: 3,
      verifiedCompanyProfile: 0,
      kbisAvailable: 2,
    });
  });
});

describe('getHeaderStats cache', () => {
  beforeEach(() => resetHeaderStatsCache());

  it('reads once and serves the cached figures for 5 minutes, then refreshes in the background', async () => {
    let t = 0;
    let reads = 0;
    const read = async () => figures(++reads);
    const now = () => t;
    expect(await getHeaderStats({ read, now })).toEqual(figures(1));
    t = STATS_TTL_MS - 1;
    expect(await getHeaderStats({ read, now })).toEqual(figures(1));
    expect(reads).toBe(1);
    t = STATS_TTL_MS;
    // Stale: the page still gets the old figures at once, and a refresh starts.
    expect(await getHeaderStats({ read, now })).toEqual(figures(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    expect(await getHeaderStats({ read, now })).toEqual(figures(2));
  });

  it('does not make a page wait for a slow first count', async () => {
    const read = () => new Promise<HeaderStats>(() => {});
    expect(await getHeaderStats({ read, coldWaitMs: 5 })).toBeNull();
  });

  it('keeps the last good figures when the database fails', async () => {
    let t = 0;
    let fail = false;
    const read = async () => {
      if (fail) throw new Error('down');
      return figures(7);
    };
    const now = () => t;
    await getHeaderStats({ read, now });
    fail = true;
    t = STATS_TTL_MS;
    await getHeaderStats({ read, now });
    await new Promise((r) => setTimeout(r, 0));
    expect(await getHeaderStats({ read, now })).toEqual(figures(7));
  });
});
