/**
 * VIES, the European Commission's VAT number check (REST API,
 * GET {base}/ms/{country}/vat/{number}). The VAT certificate prints its answer when the service
 * answers in time, and "non vérifié" otherwise: a slow or absent VIES never blocks a document.
 */
export type ViesResult =
  | { status: 'valid'; checkedAt: string; name: string | null; address: string | null }
  | { status: 'invalid'; checkedAt: string }
  | { status: 'unverified'; reason: string };

export type ViesClient = { check(vatNumber: string): Promise<ViesResult> };

type ViesAnswer = {
  isValid?: boolean;
  valid?: boolean;
  requestDate?: string;
  userError?: string;
  name?: string;
  address?: string;
};

const clean = (v: string | undefined) => (v && v.trim() && v.trim() !== '---' ? v.trim() : null);

export function createViesClient(opts: {
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): ViesClient {
  const doFetch = opts.fetch ?? fetch;
  return {
    async check(vatNumber) {
      const country = vatNumber.slice(0, 2);
      const number = vatNumber.slice(2);
      const url = `${opts.baseUrl.replace(/\/$/, '')}/ms/${encodeURIComponent(country)}/vat/${encodeURIComponent(number)}`;
      let res: Response;
      try {
        res = await doFetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
      } catch (e) {
        const timedOut =
          e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
        return {
          status: 'unverified',
          reason: timedOut
            ? 'le service VIES n’a pas répondu à temps'
            : 'le service VIES est injoignable',
        };
      }
      if (!res.ok) {
        await res.body?.cancel();
        return {
          status: 'unverified',
          reason: `le service VIES a répondu par une erreur (${res.status})`,
        };
      }
      let body: ViesAnswer;
      try {
        body = (await res.json()) as ViesAnswer;
      } catch {
        return { status: 'unverified', reason: 'la réponse du service VIES est illisible' };
      }
      const valid = body.isValid ?? body.valid;
      const userError = body.userError ?? (valid ? 'VALID' : 'INVALID');
      if (userError !== 'VALID' && userError !== 'INVALID') {
        return {
          status: 'unverified',
          reason: 'le service VIES ne peut pas vérifier les numéros français pour le moment',
        };
      }
      const checkedAt = (body.requestDate ?? new Date().toISOString()).slice(0, 10);
      return valid
        ? { status: 'valid', checkedAt, name: clean(body.name), address: clean(body.address) }
        : { status: 'invalid', checkedAt };
    },
  };
}
