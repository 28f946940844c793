import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '@/testing/route-client';
import { queryRows } from '@/db/client';
import { siteDbForFile } from '@/testing/site-db';

/**
 * Orders that cannot be delivered were taken, charged, then refunded (an invoice number and a
 * credit-note number burnt for nothing). Everything a document needs is now checked before the
 * order exists: 422 VALIDATION_FAILED naming the field, a French message, no order row, no
 * number taken. Through the Next route handlers.
 */
const user = new TestClient();

const site = siteDbForFile({ fixtures: true, memoryRateLimits: true });

beforeAll(async () => {
  await user.register('commandes@exemple.fr', 'phrase de passe longue');
}, 120_000);

async function counts() {
  const [row] = await queryRows<{ orders: number; invoices: number; counter: number }>(
    site.db(),
    sql`SELECT (SELECT count(*)::int FROM orders) AS orders,
               (SELECT count(*)::int FROM invoices) AS invoices,
               (SELECT coalesce(sum(last_number), 0)::int FROM invoice_counter) AS counter`,
  );
  return row!;
}

const CASES: Array<[what: string, path: string, body: unknown, field: string]> = [
  [
    'an unknown custom-document template',
    '/api/document/modele-inconnu/order',
    { fields: {} },
    'documentId',
  ],
  ['the 999th director of a company', '/api/director-report/552032534/order/999', {}, 'n'],
  ['an unknown letter type', '/api/letters/552032534/order', { type: 'courrier-inconnu' }, 'type'],
  [
    'an unknown BODACC notice',
    // A company with notices (GANYMEDE): one without any is refused before, on its SIREN.
    '/api/commercial-advertisements/880878145/order',
    { commercial_advertisement_id: 'annonce-inconnue' },
    'commercial_advertisement_id',
  ],
  ['the SIREN 000000000', '/api/company-summary/000000000/order', {}, 'siren'],
];

function expectRefused(status: number, body: unknown, field: string, what: string) {
  expect(status, `${what}: ${JSON.stringify(body)}`).toBe(422);
  const error = (
    body as { error: { code: string; message: string; fields?: Record<string, string[]> } }
  ).error;
  expect(['VALIDATION_FAILED', 'DOCUMENT_UNAVAILABLE']).toContain(error.code);
  expect(Object.keys(error.fields ?? {}), what).toContain(field);
  for (const m of error.fields![field]!) expect(m).toMatch(/[éèàùâêîôûç’ ]/);
}

describe('an order that cannot be delivered is refused before it exists', () => {
  it.each(CASES)('%s (route handler)', async (what, path, body, field) => {
    const before = await counts();
    const r = await user.post(path, body);
    expectRefused(r.status, r.body, field, what);
    expect(await counts()).toEqual(before);
  });

  it('a deliverable order is still taken', async () => {
    const r = await user.post('/api/director-report/552032534/order/1', {});
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await counts()).orders).toBe(1);
  });
});
