/**
 * Contract test of the AFDCC client against a local server playing the service's answers: the
 * diagnostic as a PDF with the key, 404 without a diagnostic, 403 for a refused key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@/server/testing';
import { createAfdccClient } from './client';

const PDF = Buffer.from('%PDF-1.4\n% diagnostic AFDCC\n%%EOF\n');
let server: TestServer;
const seen: string[] = [];

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${String(req.headers['x-api-key'])}`);
    if (req.headers['x-api-key'] !== 'cle-afdcc') {
      res.writeHead(403, { 'content-type': 'application/json' });
      return res.end('{"message":"Forbidden"}');
    }
    if (req.url === '/entreprises/552032534/diagnostic') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(PDF);
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"message":"Aucun diagnostic"}');
  });
});
afterAll(() => server.close());

const client = (apiKey = 'cle-afdcc') =>
  createAfdccClient({ baseUrl: server.base, apiKey, timeoutMs: 1000 });

describe('AFDCC client', () => {
  it('fetches the diagnostic with the key', async () => {
    expect(await client().diagnostic('552032534')).toEqual({ ok: true, value: PDF });
    expect(seen).toContain('GET /entreprises/552032534/diagnostic cle-afdcc');
  });

  it('says when there is no diagnostic, and when the key is refused', async () => {
    expect(await client().diagnostic('100000009')).toEqual({
      ok: false,
      error: { kind: 'not-found', message: 'L’AFDCC n’a pas de diagnostic pour cette entreprise.' },
    });
    expect(await client('autre').diagnostic('552032534')).toMatchObject({
      ok: false,
      error: { kind: 'auth' },
    });
  });
});
