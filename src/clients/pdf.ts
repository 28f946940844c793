/**
 * What the upstream document clients share (src/clients/<upstream>/): one answer shape and the
 * download of a PDF the issuer delivers as it is. An upstream never throws into the order engine:
 * a refused key, a missing document and a slow or broken service each get their own French message.
 */
export type UpstreamError = { kind: 'auth' | 'not-found' | 'unavailable'; message: string };
export type UpstreamAnswer<T> = { ok: true; value: T } | { ok: false; error: UpstreamError };

export const unavailable = (message: string): { ok: false; error: UpstreamError } => ({
  ok: false,
  error: { kind: 'unavailable', message },
});

/** How the messages name the service: « Le service d’Infogreffe », « la Banque de France »… */
export type ServiceNames = { service: string; notFound: string; refused: string };

/**
 * GET `url` expecting a PDF. `retryAuth` is called once on a 401 (an expired token) and returns
 * fresh headers, or null when it cannot.
 */
export async function downloadPdf(
  doFetch: typeof fetch,
  url: string,
  headers: () => Promise<UpstreamAnswer<Record<string, string>>>,
  timeoutMs: number,
  names: ServiceNames,
  onUnauthorized?: () => void,
): Promise<UpstreamAnswer<Buffer>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const h = await headers();
    if (!h.ok) return h;
    let res: Response;
    try {
      res = await doFetch(url, {
        headers: { accept: 'application/pdf', ...h.value },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      return unavailable(`${names.service} n’a pas répondu à temps.`);
    }
    if (res.status === 401 && attempt === 0 && onUnauthorized) {
      await res.body?.cancel();
      onUnauthorized();
      continue;
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      return { ok: false, error: { kind: 'auth', message: names.refused } };
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return { ok: false, error: { kind: 'not-found', message: names.notFound } };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return unavailable(`${names.service} a répondu par une erreur (${res.status}).`);
    }
    const body = Buffer.from(await res.arrayBuffer());
    if (body.subarray(0, 5).toString('latin1') !== '%PDF-') {
      return unavailable(`${names.service} n’a pas renvoyé un fichier PDF.`);
    }
    return { ok: true, value: body };
  }
  return { ok: false, error: { kind: 'auth', message: names.refused } };
}
