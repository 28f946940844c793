/**
 * A local HTTP server playing the INSEE Sirene API under `/api-sirene`: the real API answers of
 * data/samples/sirene served in pages with the API's cursor protocol (`curseur=*`, then
 * `curseurSuivant`, the last page repeating its own cursor), and 404 « Aucun élément trouvé » when
 * nothing matches. It asks for the key `SIRENE_TEST_KEY`, records every request in `seen`, and
 * answers every request with `failWith` (an HTTP status) while it is set.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestServer, type TestServer } from '@/server/testing';

const sample = (rel: string) => path.resolve(process.cwd(), 'data/samples/sirene', rel);

export const SIRENE_TEST_KEY = 'cle-de-test';

export type SeenRequest = {
  path: string;
  q: string;
  nombre: string;
  curseur: string;
  key?: string;
};
export type FakeSirene = TestServer & {
  /** The API's base URL (`SIRENE_API_URL`). */
  baseUrl: string;
  seen: SeenRequest[];
  failWith: number | null;
};

export async function startFakeSirene(pageSize: number): Promise<FakeSirene> {
  const etabs = JSON.parse(readFileSync(sample('api_results.json'), 'utf8')) as Array<
    Record<string, unknown>
  >;
  const ul = JSON.parse(readFileSync(sample('unite_legale.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const state = { seen: [] as SeenRequest[], failWith: null as number | null };
  const server = await startTestServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams.get('q') ?? '';
    const curseur = url.searchParams.get('curseur') ?? '';
    state.seen.push({
      path: url.pathname,
      q,
      nombre: url.searchParams.get('nombre') ?? '',
      curseur,
      key: req.headers['x-insee-api-key-integration'] as string | undefined,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-insee-api-key-integration'] !== SIRENE_TEST_KEY)
      return send(401, { fault: { message: 'Invalid key' } });
    if (state.failWith)
      return send(state.failWith, { header: { statut: state.failWith, message: 'panne' } });
    const since = /\[(\S+) TO \*\]/.exec(q)?.[1] ?? '';
    if (url.pathname === '/api-sirene/siret') {
      const all = etabs.filter((e) => String(e.dateDernierTraitementEtablissement) >= since);
      if (all.length === 0)
        return send(404, { header: { statut: 404, message: 'Aucun élément trouvé' } });
      const start = curseur === '*' ? 0 : Number(curseur.replace('c', ''));
      const page = all.slice(start, start + pageSize);
      const next = start + pageSize < all.length ? `c${start + pageSize}` : curseur;
      return send(200, {
        header: {
          statut: 200,
          total: all.length,
          nombre: page.length,
          curseur,
          curseurSuivant: next,
        },
        etablissements: page,
      });
    }
    if (url.pathname === '/api-sirene/siren') {
      if (String(ul.dateDernierTraitementUniteLegale) < since)
        return send(404, { header: { statut: 404, message: 'Aucun élément trouvé' } });
      return send(200, {
        header: { statut: 200, total: 1, nombre: 1, curseur, curseurSuivant: curseur },
        unitesLegales: [ul],
      });
    }
    send(404, { header: { statut: 404, message: 'Not found' } });
  });
  return Object.assign(state, server, { baseUrl: `${server.base}/api-sirene` });
}
