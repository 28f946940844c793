/**
 * Contract test of the Banque de France client against a local server playing the OAuth2 token
 * endpoint and the documents: client credentials in HTTP Basic, the token reused until it
 * expires, renewed once on a 401, 404 for a company outside the file, refused credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@/server/testing';
import { createBanqueDeFranceClient } from './client';

const PDF = Buffer.from('%PDF-1.5\n% cotation Banque de France\n%%EOF\n');
let server: TestServer;
const seen: string[] = [];
let generation = 1;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    if (req.url === '/oauth/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const basic = `Basic ${Buffer.from('client-registre:secret').toString('base64')}`;
        if (req.headers.authorization !== basic || body !== 'grant_type=client_credentials') {
          res.writeHead(401, { 'content-type': 'application/json' });
          return res.end('{"error":"invalid_client"}');
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: `jeton-${generation}`, expires_in: 3600 }));
      });
      return;
    }
    if (req.headers.authorization !== `Bearer jeton-${generation}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end('{"error":"invalid_token"}');
    }
    if (/^\/entreprises\/552032534\/(cotation|encours)$/.test(req.url ?? '')) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(PDF);
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"not_found"}');
  });
});
afterAll(() => server.close());

const client = (clientSecret = 'secret') =>
  createBanqueDeFranceClient({
    baseUrl: server.base,
    clientId: 'client-registre',
    clientSecret,
    timeoutMs: 1000,
  });

describe('Banque de France client', () => {
  it('signs in with the client credentials, then reuses the token', async () => {
    const c = client();
    seen.length = 0;
    expect(await c.document('cotation', '552032534')).toEqual({ ok: true, value: PDF });
    expect(await c.document('encours', '552032534')).toEqual({ ok: true, value: PDF });
    expect(seen.filter((l) => l.startsWith('POST /oauth/token'))).toHaveLength(1);
    expect(seen).toContain('GET /entreprises/552032534/encours Bearer jeton-1');
  });

  it('renews a token the service no longer accepts, once', async () => {
    const c = client();
    await c.document('cotation', '552032534');
    generation = 2;
    seen.length = 0;
    expect(await c.document('cotation', '552032534')).toEqual({ ok: true, value: PDF });
    expect(seen).toEqual([
      'GET /entreprises/552032534/cotation Bearer jeton-1',
      expect.stringMatching(/^POST \/oauth\/token Basic /),
      'GET /entreprises/552032534/cotation Bearer jeton-2',
    ]);
  });

  it('says when the company is not in the file, and when the credentials are refused', async () => {
    expect(await client().document('cotation', '100000009')).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(await client('faux').document('cotation', '552032534')).toEqual({
      ok: false,
      error: { kind: 'auth', message: 'La Banque de France a refusé nos identifiants.' },
    });
  });
});
