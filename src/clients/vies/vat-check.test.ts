/** The VIES client against a local HTTP server that answers like the service. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@/server/testing';
import { startFakeVies } from './testing';
import { createViesClient } from './vat-check';

let vies: TestServer;

beforeAll(async () => {
  vies = await startFakeVies();
});

afterAll(async () => {
  await vies?.close();
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
});
