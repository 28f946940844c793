/**
 * A local HTTP server answering like INPI's RNE API under `/api`, for the client's tests and the
 * documents it delivers: sign-in with compte@example.org / secret, attachments of 552032534 (one
 * public and one confidential act, one public balance sheet) and of 356000000 (none), and a PDF for
 * act 6412a1 and balance sheet b2023. `expireToken()` makes the current token expire (401).
 */
import type http from 'node:http';
import { startTestServer, type TestServer } from '@/server/testing';

export const FAKE_PDF = Buffer.from(
  '%PDF-1.4\n% acte déposé tel que l’INPI le délivre\n%%EOF\n',
  'utf8',
);

export type FakeInpi = TestServer & {
  /** One line per request: method, URL and authorization header. */
  log: string[];
  expireToken(): void;
};

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeInpi(): Promise<FakeInpi> {
  const log: string[] = [];
  let tokenGeneration = 1;
  const server = await startTestServer((req, res) => {
    log.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
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
  return { ...server, log, expireToken: () => void tokenGeneration++ };
}
