/** The INPI RNE client against a local HTTP server that answers like the service. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInpiClient } from './rne-api';
import { FAKE_PDF, startFakeInpi, type FakeInpi } from './testing';

let inpi: FakeInpi;

beforeAll(async () => {
  inpi = await startFakeInpi();
});

afterAll(async () => {
  await inpi?.close();
});

describe('INPI RNE client', () => {
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
    expect(inpi.log.filter((l) => l.startsWith('POST /api/sso/login'))).toHaveLength(1);
  });

  it('signs in again once when the token expires, and reports refused credentials', async () => {
    const c = client();
    expect((await c.attachments('552032534')).ok).toBe(true);
    inpi.expireToken();
    expect((await c.attachments('552032534')).ok).toBe(true);
    expect(await client('wrong').attachments('552032534')).toEqual({
      ok: false,
      error: { kind: 'auth', message: 'L’INPI a refusé nos identifiants.' },
    });
  });
});
