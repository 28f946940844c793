/**
 * The documents that use the VIES and INPI RNE clients (src/clients/), against local HTTP servers
 * that answer like the services: the VAT certificate prints VIES's answer; a filed act comes back
 * as INPI's own PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import type { TestServer } from '@/server/testing';
import { extractText, getDocumentProxy } from 'unpdf';
import { availability, generate } from '../index';
import { setDocumentServices } from '../services';
import { createInpiClient } from '@/clients/inpi/rne-api';
import { FAKE_PDF, startFakeInpi } from '@/clients/inpi/testing';
import { createViesClient } from '@/clients/vies/vat-check';
import { startFakeVies } from '@/clients/vies/testing';

let vies: TestServer;
let inpi: TestServer;
let handle: DbHandle;

beforeAll(async () => {
  vies = await startFakeVies();
  inpi = await startFakeInpi();
  handle = await createTestDb();
  await insertRegistryFixtures(handle.db);
}, 120_000);

afterAll(async () => {
  setDocumentServices(null);
  await Promise.all([vies?.close(), inpi?.close(), handle?.close()]);
});

describe('VIES on the VAT certificate', () => {
  // A generous timeout: this test is about what the certificate prints, not about a slow VIES
  // (src/clients/vies/vat-check.test.ts); 500 ms was passed on a loaded machine, the fake
  // answering from this same process.
  const client = () => createViesClient({ baseUrl: `${vies.base}/`, timeoutMs: 10_000 });

  it('prints its answer on the VAT certificate', async () => {
    setDocumentServices({ vies: client(), inpi: null, site: 'registre.test' });
    const r = await generate(
      handle.db,
      'vat-numbers',
      '552032534',
      {},
      { now: new Date('2026-11-24T09:30:00Z') },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(r.value.body)), { mergePages: true })
    ).text.replace(/\s+/g, ' ');
    expect(text).toMatch(/Numéro valide selon VIES, vérifié le 24 novembre 2026/);
    expect(text).toMatch(/SA DANONE/);
  });
});

describe('the kinds INPI RNE delivers', () => {
  const client = () =>
    createInpiClient({
      baseUrl: `${inpi.base}/api`,
      username: 'compte@example.org',
      password: 'secret',
      timeoutMs: 2000,
    });

  it('delivers INPI’s own file for acts and balance sheets when configured', async () => {
    setDocumentServices({ vies: null, inpi: client(), site: 'registre.test' });
    expect(await availability(handle.db, 'acts', '552032534')).toEqual({ available: true });
    expect(await availability(handle.db, 'acts', '356000000')).toEqual({
      available: false,
      reason: 'L’INPI ne détient aucun acte public pour cette entreprise.',
    });
    const act = await generate(handle.db, 'acts', '552032534', {
      filing_number: '6412a1',
      provider: 'inpi',
      order_data: {},
    });
    expect(act).toMatchObject({
      ok: true,
      value: {
        fileName: 'acte-552032534-2024-05-02.pdf',
        contentType: 'application/pdf',
        format: 'pdf',
      },
    });
    expect(act.ok && act.value.body.equals(FAKE_PDF)).toBe(true);
    const sheet = await generate(handle.db, 'balance-sheets', '552032534', { fiscal_year: 2023 });
    expect(sheet).toMatchObject({
      ok: true,
      value: { fileName: 'comptes-annuels-552032534-2023-12-31.pdf' },
    });
    // No year chosen (a results list's order button): the latest public accounts.
    const latest = await generate(handle.db, 'balance-sheets', '552032534', {});
    expect(latest).toMatchObject({
      ok: true,
      value: { fileName: 'comptes-annuels-552032534-2023-12-31.pdf' },
    });
    const confidential = await generate(handle.db, 'acts', '552032534', {
      filing_number: '6412a2',
    });
    expect(confidential).toMatchObject({ ok: false, code: 'DOCUMENT_UNAVAILABLE' });
    const missing = await generate(handle.db, 'acts', '552032534', {});
    expect(missing).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
  });

  it('makes them unavailable, with a French reason, without credentials', async () => {
    setDocumentServices({ vies: null, inpi: null, site: 'registre.test' });
    const a = await availability(handle.db, 'balance-sheets', '552032534');
    expect(a).toEqual({
      available: false,
      reason: expect.stringMatching(
        /^Le document « Comptes annuels » n’est pas vendu sur ce site\. .*data\.inpi\.fr/,
      ),
    });
    expect(
      await generate(handle.db, 'acts', '552032534', { filing_number: '6412a1' }),
    ).toMatchObject({
      ok: false,
      code: 'DOCUMENT_UNAVAILABLE',
    });
  });
});
