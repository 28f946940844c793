/**
 * Client of the AFDCC's diagnostic service (Association française des credit managers et
 * conseils): the failure-risk diagnostic established with the AFDCC's own method, as a PDF.
 *
 * The AFDCC gives its members and partners the address and the key (AFDCC_API_URL,
 * AFDCC_API_KEY). Request: GET {base}/entreprises/{siren}/diagnostic with `X-Api-Key: {key}` and
 * `Accept: application/pdf` → 200 with the PDF; 404 when the AFDCC has no diagnostic for the
 * company (no published accounts); 401/403 for a refused key. The contract test (client.test.ts)
 * plays these answers from a local server.
 */
import { downloadPdf, type UpstreamAnswer } from '../pdf';

export type AfdccClient = { diagnostic(siren: string): Promise<UpstreamAnswer<Buffer>> };

export function createAfdccClient(opts: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): AfdccClient {
  const base = opts.baseUrl.replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  return {
    diagnostic(siren) {
      return downloadPdf(
        doFetch,
        `${base}/entreprises/${encodeURIComponent(siren)}/diagnostic`,
        () => Promise.resolve({ ok: true, value: { 'x-api-key': opts.apiKey } }),
        opts.timeoutMs,
        {
          service: 'Le service de l’AFDCC',
          notFound: 'L’AFDCC n’a pas de diagnostic pour cette entreprise.',
          refused: 'L’AFDCC a refusé notre clé d’accès.',
        },
      );
    },
  };
}
