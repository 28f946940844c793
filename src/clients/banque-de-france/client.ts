/**
 * Client of the Banque de France's company file (FIBEN), for the two documents it issues to the
 * bodies entitled to them: the credit quotation and the statement of outstanding credit, as PDF.
 *
 * Access is granted by the Banque de France under article L. 144-1 of the monetary and financial
 * code; the agreement gives the address and the OAuth2 client (BANQUE_DE_FRANCE_API_URL,
 * BANQUE_DE_FRANCE_CLIENT_ID, BANQUE_DE_FRANCE_CLIENT_SECRET). Requests:
 * - POST {base}/oauth/token, `grant_type=client_credentials` (form), HTTP Basic with the client →
 *   `{ access_token, expires_in }`;
 * - GET {base}/entreprises/{siren}/cotation and GET {base}/entreprises/{siren}/encours with
 *   `Authorization: Bearer {token}` → the PDF; 404 when the company is not in the file.
 * The token is kept until it expires and renewed once on a 401. The contract test
 * (client.test.ts) plays these answers from a local server.
 */
import { downloadPdf, unavailable, type UpstreamAnswer } from '../pdf';

export type BanqueDeFranceDocument = 'cotation' | 'encours';

export type BanqueDeFranceClient = {
  document(which: BanqueDeFranceDocument, siren: string): Promise<UpstreamAnswer<Buffer>>;
};

export function createBanqueDeFranceClient(opts: {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => number;
}): BanqueDeFranceClient {
  const base = opts.baseUrl.replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  let token: { value: string; until: number } | null = null;

  async function authorization(): Promise<UpstreamAnswer<Record<string, string>>> {
    if (token && token.until > now()) {
      return { ok: true, value: { authorization: `Bearer ${token.value}` } };
    }
    let res: Response;
    try {
      res = await doFetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch {
      return unavailable('Le service de la Banque de France est injoignable.');
    }
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      return {
        ok: false,
        error: { kind: 'auth', message: 'La Banque de France a refusé nos identifiants.' },
      };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return unavailable(
        `Le service de la Banque de France a répondu par une erreur (${res.status}).`,
      );
    }
    const body = (await res.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
    } | null;
    if (!body?.access_token) return unavailable('La Banque de France n’a pas donné de jeton.');
    // Renewed a minute early, so a token never expires between our check and the call.
    const life = Math.max(0, (Number(body.expires_in) || 300) - 60) * 1000;
    token = { value: body.access_token, until: now() + life };
    return { ok: true, value: { authorization: `Bearer ${token.value}` } };
  }

  return {
    document(which, siren) {
      return downloadPdf(
        doFetch,
        `${base}/entreprises/${encodeURIComponent(siren)}/${which}`,
        authorization,
        opts.timeoutMs,
        {
          service: 'Le service de la Banque de France',
          notFound: 'La Banque de France n’a pas ce document pour cette entreprise.',
          refused: 'La Banque de France a refusé nos identifiants.',
        },
        () => {
          token = null;
        },
      );
    },
  };
}
