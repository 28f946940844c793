/**
 * The establishments that « match » a company in the drop-in API (matchingEstablishments): the
 * SIRET searched, else the open ones in the searched area, head office first, at most `limit`;
 * an establishment under partial diffusion is never found by what its diffusion hides.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { getCompanyUpdates } from './company-updates';
import { matchingEstablishments, type EstablishmentArea } from './establishments';

// Two companies in Paris (75056): A has its head office and three others, B one establishment.
const A = '552032534';
const B = '356000000';
const PARIS = { lat: 48.8566, lon: 2.3522 };

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
  const est = (
    siret: string,
    o: {
      head?: boolean;
      status?: string;
      diffusion?: string;
      postcode?: string;
      commune?: string;
      at?: { lat: number; lon: number } | null;
    } = {},
  ) => {
    const at = o.at === undefined ? PARIS : o.at;
    return sql`(${siret}, ${siret.slice(0, 9)}, ${siret.slice(9)}, ${o.head ?? false},
      ${o.status ?? 'A'}, ${o.diffusion ?? 'O'}, ${o.postcode ?? '75001'}, ${o.commune ?? '75056'},
      ${at?.lat ?? null}::real, ${at?.lon ?? null}::real)`;
  };
  await queryRows(
    handle.db,
    sql`INSERT INTO companies (siren, name, status, head_office_nic) VALUES
          (${A}, 'A', 'A', '00012'), (${B}, 'B', 'A', '00011')`,
  );
  await queryRows(
    handle.db,
    sql`INSERT INTO establishments (siret, siren, nic, is_head_office, status, diffusion, postcode,
          commune_code, latitude, longitude) VALUES ${sql.join(
            [
              est(`${A}00005`),
              est(`${A}00012`, { head: true }),
              est(`${A}00020`, { status: 'F' }),
              // Partial diffusion: neither its position nor its postcode may be shown.
              est(`${A}00030`, { diffusion: 'P' }),
              // Lyon, 390 km away; Saint-Denis de La Réunion (department 974).
              est(`${A}00040`, {
                postcode: '69001',
                commune: '69123',
                at: { lat: 45.76, lon: 4.84 },
              }),
              est(`${A}00050`, { postcode: '97400', commune: '97411', at: null }),
              est(`${B}00011`, { head: true }),
            ],
            sql`, `,
          )}`,
  );
}, 120_000);
afterAll(async () => handle?.close());

const area = (o: Partial<EstablishmentArea>): EstablishmentArea => ({
  postcode: null,
  communes: null,
  departments: null,
  circle: null,
  ...o,
});

async function matching(o: Partial<EstablishmentArea>, sirets: string[] = [], limit = 10) {
  const found = await matchingEstablishments(handle.db, [A, B], { sirets, area: area(o) }, limit);
  return Object.fromEntries([...found].map(([siren, rows]) => [siren, rows.map((r) => r.siret)]));
}

describe('matching establishments', () => {
  it('around a point: the open ones within the radius, head office first, never one under partial diffusion', async () => {
    expect(await matching({ circle: { ...PARIS, radiusKm: 5 } })).toEqual({
      [A]: [`${A}00012`, `${A}00005`],
      [B]: [`${B}00011`],
    });
    // The one under partial diffusion is there: only its diffusion keeps it out.
    expect(await matching({ communes: ['75056'] })).toMatchObject({
      [A]: [`${A}00012`, `${A}00005`, `${A}00030`],
    });
    expect((await matching({ circle: { ...PARIS, radiusKm: 500 } }))[A]).toContain(`${A}00040`);
  });

  it('by department, overseas on three characters; by postcode, never one under partial diffusion', async () => {
    expect(await matching({ departments: ['974'] })).toEqual({ [A]: [`${A}00050`] });
    expect(await matching({ departments: ['97'] })).toEqual({});
    expect(await matching({ postcode: '69001' })).toEqual({ [A]: [`${A}00040`] });
    // Its postcode is masked in the answer: matching by it would give it away.
    expect(await matching({ postcode: '75001' })).toEqual({
      [A]: [`${A}00012`, `${A}00005`],
      [B]: [`${B}00011`],
    });
  });

  it('at most `limit` per company; the SIRET searched alone, without an area', async () => {
    expect(await matching({ communes: ['75056'] }, [], 1)).toEqual({
      [A]: [`${A}00012`],
      [B]: [`${B}00011`],
    });
    expect(await matching({ communes: ['75056'] }, [`${A}00020`])).toEqual({
      [A]: [`${A}00020`],
      [B]: [`${B}00011`],
    });
    expect(await matching({}, [`${A}00030`])).toEqual({ [A]: [`${A}00030`] });
  });

  it('reads every column the drop-in prints', async () => {
    const [row] = (
      await matchingEstablishments(
        handle.db,
        [B],
        { sirets: [], area: area({ postcode: '75001' }) },
        1,
      )
    ).get(B)!;
    expect(row).toMatchObject({
      siret: `${B}00011`,
      siren: B,
      diffusion: 'O',
      is_head_office: true,
      postcode: '75001',
      commune_code: '75056',
    });
    expect(row!.latitude).toBeCloseTo(PARIS.lat, 3);
  });
});

describe('company updates', () => {
  it('counts our establishments, all and open', async () => {
    const updates = await getCompanyUpdates(handle.db, [A, B, '123456789']);
    expect(updates.get(A)?.establishments).toEqual({ total: 6, open: 5 });
    expect(updates.get(B)?.establishments).toEqual({ total: 1, open: 1 });
    expect(updates.has('123456789')).toBe(false);
    expect(updates.get(A)?.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });
});
