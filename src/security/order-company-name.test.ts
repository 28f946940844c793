/**
 * The company name an order, its page and its invoice print is the registry's, read on the server
 * when the order is placed: a buyer cannot make an invoice say another name by sending one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/config/env';
import { invoices, orders } from '@/db/schema';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import * as kindOrderRoute from '@/app/api/[kind]/[siren]/order/route';
import * as documentOrderRoute from '@/app/api/document/[documentId]/order/route';
import type { OrderJson } from '@/orders/present';
import { createTestUser, openSiteTestDb, params, request } from '@/orders/testing';
import { issueOrderInvoice } from '@/payments/invoices';

let site: Awaited<ReturnType<typeof openSiteTestDb>>;

beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  resetEnvForTests();
  site = await openSiteTestDb();
  await insertRegistryFixtures(site.handle.db);
});
afterAll(async () => site?.close());

describe('the company name of an order', () => {
  it('ignores a name forged in the body or the query, on the order and its invoice', async () => {
    const db = site.handle.db;
    const mallory = await createTestUser(db, 'mallory@example.fr');
    const res = await kindOrderRoute.POST(
      request('/api/establishments-list/552032534/order?company_name=EVIL%20CORP', {
        method: 'POST',
        who: mallory,
        body: { company_name: 'EVIL CORP', companyName: 'EVIL CORP', siren: '356000000' },
      }),
      params({ kind: 'establishments-list', siren: '552032534' }),
    );
    expect(res.status).toBe(201);
    const order = ((await res.json()) as { data: { data: OrderJson } }).data.data;
    expect(order.company_name).toBe('DANONE');
    expect(order.title).not.toMatch(/EVIL/);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    await issueOrderInvoice(db, row!);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice!.label).toBe('Liste des établissements — DANONE (SIREN 552 032 534)');

    // A custom document about a company: the name is the registry's too.
    const doc = await documentOrderRoute.POST(
      request('/api/document/relance-de-paiement/order', {
        method: 'POST',
        who: mallory,
        body: { siren: '552032534', company_name: 'EVIL CORP', fields: {} },
      }),
      params({ documentId: 'relance-de-paiement' }),
    );
    const docBody = (await doc.json()) as { data?: { data: OrderJson } };
    if (doc.status === 201) expect(docBody.data!.data.company_name).toBe('DANONE');
    else expect(JSON.stringify(docBody)).not.toMatch(/EVIL/);
  });
});
