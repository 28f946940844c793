import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestServer, type TestServer } from './testing';
import { answerFailuresAsUnavailable } from './unavailable';

/** Behind it, a stand-in for Next.js whose render fails as it does without database connections. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    answerFailuresAsUnavailable(req, res, { databaseUnavailable: false });
    if ((req.url ?? '').includes('fails')) {
      res.writeHead(500, { 'Content-Type': 'text/html', 'x-nextjs-cache': 'MISS' });
      res.end('<html>Internal Server Error</html>');
    } else {
      res.statusCode = 200;
      res.end('<html>ok</html>');
    }
  });
});
afterAll(async () => server?.close());

describe('company pages when the database fails', () => {
  it('answer 503 with a French page and Retry-After, keeping the security headers', async () => {
    const res = await rawRequest(`${server.base}/entreprises/552032534/fails`);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-nextjs-cache']).toBeUndefined();
    expect(res.body.toString()).toContain('Service momentanément indisponible');
  });

  it('leave other answers and other pages alone', async () => {
    expect((await rawRequest(`${server.base}/entreprises/552032534/danone`)).status).toBe(200);
    expect((await rawRequest(`${server.base}/contact/fails`)).status).toBe(500);
  });
});
