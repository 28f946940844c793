/**
 * Client of the court registries' document service (Infogreffe, the registries' economic interest
 * grouping), for the documents only a registry issues: the Kbis extract, the debt status and the
 * statements of liens and pledges, each delivered as the registry signs it (PDF).
 *
 * Infogreffe opens this service to professional resellers under contract; the contract gives the
 * address and the key (INFOGREFFE_API_URL, INFOGREFFE_API_KEY). Requests:
 * - GET {base}/entreprises/{siren}/documents/{product}, `Authorization: Bearer {key}`,
 *   `Accept: application/pdf` → 200 with the PDF; 404 when the registry holds no such document
 *   for the company (not registered at the RCS, no registration of liens); 401/403 for a refused
 *   key. Products: `kbis`, `etat-endettement`, `privileges-suretes`, `synthese-privileges-suretes`.
 * The contract test (client.test.ts) plays these answers from a local server.
 */
import { downloadPdf, type UpstreamAnswer } from '../pdf';

export const GREFFE_PRODUCTS = [
  'kbis',
  'etat-endettement',
  'privileges-suretes',
  'synthese-privileges-suretes',
] as const;
export type GreffeProduct = (typeof GREFFE_PRODUCTS)[number];

export type InfogreffeClient = {
  document(product: GreffeProduct, siren: string): Promise<UpstreamAnswer<Buffer>>;
};

export function createInfogreffeClient(opts: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): InfogreffeClient {
  const base = opts.baseUrl.replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  return {
    document(product, siren) {
      return downloadPdf(
        doFetch,
        `${base}/entreprises/${encodeURIComponent(siren)}/documents/${product}`,
        () => Promise.resolve({ ok: true, value: { authorization: `Bearer ${opts.apiKey}` } }),
        opts.timeoutMs,
        {
          service: 'Le service d’Infogreffe',
          notFound: 'Le greffe ne délivre pas ce document pour cette entreprise.',
          refused: 'Infogreffe a refusé notre clé d’accès.',
        },
      );
    },
  };
}
