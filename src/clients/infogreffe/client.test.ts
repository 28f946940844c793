/**
 * Contract test of the Infogreffe client against a local server playing the service's answers:
 * the PDF as the registry signs it, 404 for a company the registry holds nothing for, 401 for a
 * refused key, 503 and a non-PDF answer as failures, a slow service as a timeout.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@/server/testing';
import { createInfogreffeClient } from './client';

const KBIS = Buffer.from('%PDF-1.7\n% extrait Kbis signé par le greffe\n%%EOF\n');
let server: TestServer;
const seen: string[] = [];

beforeAll(async () => {
  server = await startTestServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''} ${req.headers.accept}`);
    if (req.headers.authorization !== 'Bearer cle-greffe') {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end('{"error":"invalid_token"}');
    }
    const m = /^\/v1\/entreprises\/(\d{9})\/documents\/([a-z-]+)$/.exec(req.url ?? '');
    if (!m) {
      res.writeHead(404);
      return res.end();
    }
    const [, siren, product] = m;
    if (siren === '552032534' && product === 'kbis') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(KBIS);
    }
    if (siren === '999999999') {
      res.writeHead(503);
      return res.end('maintenance');
    }
    if (siren === '888888888') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>connexion</html>');
    }
    if (siren === '777777777') {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(KBIS);
      }, 1500);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"document_not_found"}');
  });
});
afterAll(() => server.close());

const client = (apiKey = 'cle-greffe', timeoutMs = 1000) =>
  createInfogreffeClient({ baseUrl: `${server.base}/v1/`, apiKey, timeoutMs });

describe('Infogreffe client', () => {
  it('fetches the registry’s own PDF with the key and asks for a PDF', async () => {
    const answer = await client().document('kbis', '552032534');
    expect(answer).toEqual({ ok: true, value: KBIS });
    expect(seen).toContain(
      'GET /v1/entreprises/552032534/documents/kbis Bearer cle-greffe application/pdf',
    );
  });

  it('says the registry holds no such document on a 404', async () => {
    const answer = await client().document('privileges-suretes', '552032534');
    expect(answer).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });

  it('says the key was refused on a 401', async () => {
    const answer = await client('mauvaise-cle').document('kbis', '552032534');
    expect(answer).toEqual({
      ok: false,
      error: { kind: 'auth', message: 'Infogreffe a refusé notre clé d’accès.' },
    });
  });

  it('turns a server error, a page that is not a PDF and a timeout into « unavailable »', async () => {
    expect(await client().document('kbis', '999999999')).toEqual({
      ok: false,
      error: {
        kind: 'unavailable',
        message: 'Le service d’Infogreffe a répondu par une erreur (503).',
      },
    });
    expect(await client().document('kbis', '888888888')).toMatchObject({
      ok: false,
      error: {
        kind: 'unavailable',
        message: 'Le service d’Infogreffe n’a pas renvoyé un fichier PDF.',
      },
    });
    expect(await client('cle-greffe', 200).document('kbis', '777777777')).toMatchObject({
      ok: false,
      error: { kind: 'unavailable', message: 'Le service d’Infogreffe n’a pas répondu à temps.' },
    });
  });
});
