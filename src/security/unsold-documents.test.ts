/**
 * A document not sold in this deployment (its issuer not connected) has no button anywhere, but
 * its order route still exists: a signed-in user who posts to it directly, with a valid session
 * and CSRF token, gets a 422 naming the document, and no order row is written (so no payment page,
 * no "paid then refunded" order). Replays the attack for every issuer's kind.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as kindOrderRoute from '@/app/api/[kind]/[siren]/order/route';
import { orders } from '@/db/schema';
import type { DbHandle } from '@/db/client';
import { setDocumentServices } from '@/documents/services';
import { documentOffer } from '@/domain/catalogue/documents';
import { smtpForFile } from '@/testing/smtp';
import { createTestUser, openSiteTestDb, params, request, type TestUser } from '@/orders/testing';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';

const DANONE = '552032534';
let site: Awaited<ReturnType<typeof openSiteTestDb>>;
let db: DbHandle['db'];
smtpForFile();
let mallory: TestUser;

beforeAll(async () => {
  site = await openSiteTestDb();
  db = site.handle.db;
  await insertRegistryFixtures(db);
  mallory = await createTestUser(db, 'mallory@example.fr');
  setDocumentServices({ inpi: null, greffe: null, banqueDeFrance: null, afdcc: null, vies: null });
});

afterAll(async () => {
  setDocumentServices(null);
  await site?.close();
});

const orderCount = async () => Number((await db.select({ n: count() }).from(orders))[0]!.n);

describe('ordering a document that is not sold here', () => {
  it.each([
    ['kbis', undefined],
    ['ps-extracts', undefined],
    ['bank-of-france-quotations', undefined],
    ['afdcc-diagnostics', undefined],
    ['patents-list', undefined],
    ['acts', { filing_number: '6412a1', provider: 'inpi' }],
    ['acts', {}],
    ['balance-sheets', { fiscal_year: 2023 }],
  ] as const)('%s: 422 naming the document, before any order row', async (kind, body) => {
    const before = await orderCount();
    const res = await kindOrderRoute.POST(
      request(`/api/${kind}/${DANONE}/order`, { method: 'POST', who: mallory, body }),
      params({ kind, siren: DANONE }),
    );
    expect(res.status).toBe(422);
    const json = (await res.json()) as { error: { code: string; message: string } };
    expect(json.error.code).toBe('DOCUMENT_UNAVAILABLE');
    expect(json.error.message).toContain(
      `« ${documentOffer(kind)!.label} » n’est pas vendu sur ce site`,
    );
    expect(await orderCount()).toBe(before);
  });

  it('still takes an order of a kind we produce', async () => {
    const res = await kindOrderRoute.POST(
      request(`/api/rne-extracts/${DANONE}/order`, { method: 'POST', who: mallory }),
      params({ kind: 'rne-extracts', siren: DANONE }),
    );
    expect(res.status).toBe(201);
  });
});
