/**
 * A local HTTP server answering like VIES (GET /ms/{country}/vat/{number}), for the client's tests
 * and the documents that print its answer: FR27552032534 is valid (SA DANONE), numbers ending in
 * 000000000 meet an unavailable member state, numbers ending in 111111118 answer after 2 s, any
 * other number is invalid.
 */
import type http from 'node:http';
import { startTestServer, type TestServer } from '@/server/testing';

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function startFakeVies(): Promise<TestServer> {
  return startTestServer((req, res) => {
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
}
