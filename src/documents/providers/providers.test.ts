/**
 * The VIES and INPI RNE clients against local HTTP servers that answer like the services, and the
 * documents that use them: the VAT certificate prints VIES's answer, or "non vérifié" when it is
 * slow; a filed act comes back as INPI's own PDF.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { startTestServer, type TestServer } from '@/server/testing';
import { extractText, getDocumentProxy } from 'unpdf';
import { availability, generate } from '../index';
import { setDocumentServices } from '../services';
import { createInpiClient } from './inpi';
import { createViesClient } from './vies';

const FAKE_PDF = Buffer.from('%PDF-1.4\n% acte déposé tel que l’INPI le délivre\n%%EOF\n', 'utf8');

let vies: TestServer;
let inpi: TestServer;
let handle: DbHandle;
const inpiLog: string[] = [];
let tokenGeneration = 1;

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  vies = await startTestServer((req, res) => {
    const m = /\/ms\/FR\/vat\/(\d+)$/.exec(req.url ?? '');
    if (!m) return json(res, 404, {});
    const number = m[1]!;
    if (number === '27552032534') {
      return json(res, 200, {
        isValid: true,
        requestDate: '2026-11-24T09:30:00.000+01:00',
        userError: 'VALID',
        name: 'SA DANONE',
        address: '17 BD HAUSSMANN 75009 PARIS',
      });
    }
    if (number.endsWith('000000000')) {
      return json(res, 200, {
        isValid: false,
        userError: 'MS_UNAVAILABLE',
        requestDate: '2026-11-24',
      });
    }
    if (number.endsWith('111111118')) {
      setTimeout(() => json(res, 200, { isValid: true }), 2000);
      return;
    }
    return json(res, 200, { isValid: false, userError: 'INVALID', requestDate: '2026-11-24' });
  });
  inpi = await startTestServer((req, res) => {
    inpiLog.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    if (req.url === '/api/sso/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { username, password } = JSON.parse(body) as { username: string; password: string };
        if (username !== 'compte@example.org' || password !== 'secret')
          return json(res, 401, { message: 'Bad credentials' });
        json(res, 200, { token: `jeton-${tokenGeneration}` });
      });
      return;
    }
    if (req.headers.authorization !== `Bearer jeton-${tokenGeneration}`)
      return json(res, 401, { message: 'Expired JWT Token' });
    if (req.url === '/api/companies/552032534/attachments') {
      return json(res, 200, {
        actes: [
          {
            id: '6412a1',
            dateDepot: '2024-05-02',
            typeRdd: [{ typeActe: 'Statuts mis à jour' }],
            confidentiality: 'Public',
          },
          {
            id: '6412a2',
            dateDepot: '2023-01-10',
            typeRdd: [{ typeActe: 'Procès-verbal' }],
            confidentiality: 'Confidentiel',
          },
        ],
        bilans: [
          {
            id: 'b2023',
            dateDepot: '2024-06-01',
            dateCloture: '2023-12-31',
            typeBilan: 'C',
            confidentiality: 'Public',
          },
        ],
      });
    }
    if (req.url === '/api/companies/356000000/attachments')
      return json(res, 200, { actes: [], bilans: [] });
    if (req.url === '/api/actes/6412a1/download' || req.url === '/api/bilans/b2023/download') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(FAKE_PDF);
    }
    return json(res, 404, {});
  });
  handle = await createTestDb();
  await insertRegistryFixtures(handle.db);
}, 120_000);

afterAll(async () => {
  setDocumentServices(null);
  await Promise.all([vies?.close(), inpi?.close(), handle?.close()]);
});

describe('VIES client', () => {
  const client = () => createViesClient({ baseUrl: `${vies.base}/`, timeoutMs: 500 });

  it('reads a valid number with the declared name and the check date', async () => {
    expect(await client().check('FR27552032534')).toEqual({
      status: 'valid',
      checkedAt: '2026-11-24',
      name: 'SA DANONE',
      address: '17 BD HAUSSMANN 75009 PARIS',
    });
  });

  it('reads an invalid number', async () => {
    expect(await client().check('FR00123456782')).toEqual({
      status: 'invalid',
      checkedAt: '2026-11-24',
    });
  });

  it('is "unverified" when the member state is unavailable, the service is slow or absent', async () => {
    expect(await client().check('FR00000000000')).toMatchObject({ status: 'unverified' });
    expect(await client().check('FR00111111118')).toEqual({
      status: 'unverified',
      reason: 'le service VIES n’a pas répondu à temps',
    });
    const absent = createViesClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    expect(await absent.check('FR27552032534')).toEqual({
      status: 'unverified',
      reason: 'le service VIES est injoignable',
    });
  });

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

describe('INPI RNE client and the kinds it delivers', () => {
  const client = (password = 'secret') =>
    createInpiClient({
      baseUrl: `${inpi.base}/api`,
      username: 'compte@example.org',
      password,
      timeoutMs: 2000,
    });

  it('signs in, lists a company’s deeds and accounts, and downloads a PDF', async () => {
    const c = client();
    const list = await c.attachments('552032534');
    expect(list).toMatchObject({
      ok: true,
      value: {
        acts: [
          {
            id: '6412a1',
            filedAt: '2024-05-02',
            types: ['Statuts mis à jour'],
            confidential: false,
          },
          { id: '6412a2', confidential: true },
        ],
        balanceSheets: [{ id: 'b2023', closingDate: '2023-12-31' }],
      },
    });
    const file = await c.download('actes', '6412a1');
    expect(file.ok && file.value.equals(FAKE_PDF)).toBe(true);
    expect(inpiLog.filter((l) => l.startsWith('POST /api/sso/login'))).toHaveLength(1);
  });

  it('signs in again once when the token expires, and reports refused credentials', async () => {
    const c = client();
    expect((await c.attachments('552032534')).ok).toBe(true);
    tokenGeneration++;
    expect((await c.attachments('552032534')).ok).toBe(true);
    expect(await client('wrong').attachments('552032534')).toEqual({
      ok: false,
      error: { kind: 'auth', message: 'L’INPI a refusé nos identifiants.' },
    });
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
