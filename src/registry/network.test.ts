/**
 * The director network map (issue 28) on the real sample (seedIfEmpty): a person with two
 * companies under one person key (JOUPPE Xavier, February 1990; GRIMAULT Arnaud, March 1985),
 * legal-person directors followed through (KPMG and Mazars, auditors of La Poste and Danone,
 * not themselves in the sample), homonyms kept apart, depth validation, oppositions and partial
 * diffusion. Through the API's service functions, as the fast path and the route files call them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { openSampleDb } from '@/testing/sample-db';
import { requestHidden } from '@/opposition/testing';
import { getCompanyNetworkApi, getDirectorNetworkApi } from '@/public-api/network-handlers';
import type { Network } from './network';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openSampleDb();
  // A homonym of Xavier JOUPPE born another month: another person.
  await handle.db.execute(sql`INSERT INTO directors (id, siren, kind, role_label, last_name,
      first_names, birth_year, birth_month, person_key, source)
    VALUES ('test-homonym', '841311574', 'person', 'Directeur général', 'JOUPPE', 'XAVIER', 1991, 5,
      'JOUPPE|XAVIER|1991-05', 'rne')`);
  // GRIMAULT's second company becomes a sole trader under partial diffusion: never listed.
  await handle.db.execute(
    sql`UPDATE companies SET diffusion = 'P', is_natural_person = true WHERE siren = '977850965'`,
  );
}, 300_000);
afterAll(async () => handle?.close());

async function network(
  call: Promise<{ status: number; body: unknown }>,
): Promise<{ status: number; net: Network; error?: { code: string; message: string } }> {
  const res = await call;
  const body = res.body as { data?: { data: Network }; error?: { code: string; message: string } };
  return { status: res.status, net: body.data?.data as Network, error: body.error };
}

const ids = (n: Network) => n.nodes.map((x) => x.id);

describe('company network', () => {
  it('follows legal-person directors through (La Poste → KPMG → the other companies it audits)', async () => {
    const { status, net } = await network(getCompanyNetworkApi(handle.db, '356000000', '2'));
    expect(status).toBe(200);
    expect(net.center).toBe('c:356000000');
    const kpmg = net.nodes.find((n) => n.id === 'c:775726417');
    expect(kpmg).toMatchObject({ kind: 'company', held: false, hop: 1, expanded: true });
    // Hop 2: the companies KPMG directs as a legal person, and Danone through Mazars.
    expect(ids(net)).toEqual(
      expect.arrayContaining(['c:302474648', 'c:775695901', 'c:552032534', 'c:784824153']),
    );
    expect(net.edges).toContainEqual(
      expect.objectContaining({ source: 'c:775726417', target: 'c:302474648' }),
    );
    expect(net.nodes.find((n) => n.id === 'c:552032534')).toMatchObject({ hop: 2, held: true });
    expect(typeof net.truncated).toBe('boolean');
    expect(net.limits).toEqual({ perNode: 30, nodes: 150 });
  });

  it('stops at depth 1 and leaves the frontier to expand', async () => {
    const { net } = await network(getCompanyNetworkApi(handle.db, '356000000', '1'));
    expect(Math.max(...net.nodes.map((n) => n.hop))).toBe(1);
    expect(net.nodes.find((n) => n.id === 'c:775726417')?.expanded).toBe(false);
    expect(ids(net)).not.toContain('c:552032534');
  });

  it('expands a legal person we do not hold (KPMG, from its mandates)', async () => {
    const { status, net } = await network(getCompanyNetworkApi(handle.db, '775726417', '1'));
    expect(status).toBe(200);
    expect(net.nodes[0]).toMatchObject({ id: 'c:775726417', held: false, href: null });
    expect(ids(net)).toEqual(expect.arrayContaining(['c:356000000', 'c:302474648']));
  });

  it('gives people their birth month and year only', async () => {
    const { net } = await network(getCompanyNetworkApi(handle.db, '552032534', '1'));
    const people = net.nodes.filter((n) => n.kind === 'person');
    expect(people.length).toBeGreaterThan(0);
    for (const p of people) {
      expect(Object.keys(p.birth ?? {}).sort()).toEqual(p.birth ? ['month', 'year'] : []);
    }
  });
});

describe('director network', () => {
  it('groups a person’s mandates under the person key and keeps homonyms apart', async () => {
    const { status, net } = await network(
      getDirectorNetworkApi(handle.db, 'recherche-entreprises:104049424:1', '1'),
    );
    expect(status).toBe(200);
    expect(net.center).toBe('p:JOUPPE|XAVIER|1990-02');
    expect(ids(net).sort()).toEqual(['c:104049424', 'c:880878145', 'p:JOUPPE|XAVIER|1990-02']);
    // The homonym born in May 1991 directs AG INVEST: it is not this person's company.
    expect(ids(net)).not.toContain('c:841311574');
    const homonym = await network(getDirectorNetworkApi(handle.db, 'test-homonym', '1'));
    expect(ids(homonym.net).sort()).toEqual(['c:841311574', 'p:JOUPPE|XAVIER|1991-05']);
  });

  it('at depth 2, the other directors of the person’s companies', async () => {
    const { net } = await network(
      getDirectorNetworkApi(handle.db, 'recherche-entreprises:841311574:1', '2'),
    );
    // AG INVEST's other director is the homonym; AG CONSEIL is a protected sole trader now.
    expect(ids(net)).toContain('p:JOUPPE|XAVIER|1991-05');
    expect(ids(net)).not.toContain('c:977850965');
  });
});

describe('bad input: clear French 4xx, never a 500', () => {
  it.each([
    ['3', 'INVALID_DEPTH'],
    ['0', 'INVALID_DEPTH'],
    ['deux', 'INVALID_DEPTH'],
    ['', 'INVALID_DEPTH'],
  ])('depth=%j', async (depth, code) => {
    const company = await network(getCompanyNetworkApi(handle.db, '552032534', depth));
    expect(company.status).toBe(400);
    expect(company.error?.code).toBe(code);
    expect(company.error?.message).toMatch(/profondeur du réseau doit être 1 ou 2/);
    const director = await network(getDirectorNetworkApi(handle.db, 'inconnu', depth));
    expect(director.status).toBe(400);
  });

  it('names an unknown director, a malformed SIREN and an unknown company', async () => {
    const unknown = await network(getDirectorNetworkApi(handle.db, 'inconnu', '2'));
    expect([unknown.status, unknown.error?.code]).toEqual([404, 'DIRECTOR_NOT_FOUND']);
    const nul = await network(getDirectorNetworkApi(handle.db, 'a\u0000b', '2'));
    expect([nul.status, nul.error?.code]).toEqual([400, 'INVALID_DIRECTOR_ID']);
    const malformed = await network(getCompanyNetworkApi(handle.db, '12ab', null));
    expect([malformed.status, malformed.error?.code]).toEqual([400, 'INVALID_SIREN']);
    const absent = await network(getCompanyNetworkApi(handle.db, '732829320', null));
    expect([absent.status, absent.error?.code]).toEqual([404, 'COMPANY_NOT_FOUND']);
  });
});

describe('oppositions', () => {
  it('leaves out a person whose opposition is honoured, everywhere', async () => {
    const before = await network(getCompanyNetworkApi(handle.db, '841311574', '2'));
    expect(ids(before.net)).toContain('p:GRIMAULT|ARNAUD|1985-03');
    await requestHidden(handle.db, {
      kind: 'person',
      lastName: 'GRIMAULT',
      firstNames: 'Arnaud',
      birthMonth: '1985-03',
      email: 'opposition@example.org',
    });
    const after = await network(getCompanyNetworkApi(handle.db, '841311574', '2'));
    expect(ids(after.net)).not.toContain('p:GRIMAULT|ARNAUD|1985-03');
    expect(JSON.stringify(after.net)).not.toMatch(/Arnaud GRIMAULT|1985-03/i);
    const profile = await network(
      getDirectorNetworkApi(handle.db, 'recherche-entreprises:841311574:1', '2'),
    );
    expect(profile.status).toBe(404);
  });
});
