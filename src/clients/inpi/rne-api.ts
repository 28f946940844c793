/**
 * Client of INPI's RNE API (registre-national-entreprises.inpi.fr/api): filed deeds ("actes") and
 * annual accounts ("bilans") as PDF, delivered as INPI files them. Sign-in with the account's
 * credentials (POST /sso/login → token), then:
 * - GET /companies/{siren}/attachments → { actes: [...], bilans: [...] }
 * - GET /actes/{id}/download, GET /bilans/{id}/download → the PDF.
 * The token is kept and renewed once on a 401.
 */
export type InpiAct = {
  id: string;
  filedAt: string | null;
  types: string[];
  confidential: boolean;
};
export type InpiBalanceSheet = {
  id: string;
  filedAt: string | null;
  closingDate: string | null;
  type: string | null;
  confidential: boolean;
};
export type InpiAttachments = { acts: InpiAct[]; balanceSheets: InpiBalanceSheet[] };

export type InpiError = { kind: 'auth' | 'not-found' | 'unavailable'; message: string };
export type InpiAnswer<T> = { ok: true; value: T } | { ok: false; error: InpiError };

export type InpiClient = {
  attachments(siren: string): Promise<InpiAnswer<InpiAttachments>>;
  download(what: 'actes' | 'bilans', id: string): Promise<InpiAnswer<Buffer>>;
};

type RawAct = {
  id?: string;
  dateDepot?: string;
  typeRdd?: Array<{ typeActe?: string; decision?: string }>;
  confidentiality?: string;
  deleted?: boolean;
};
type RawBilan = {
  id?: string;
  dateDepot?: string;
  dateCloture?: string;
  typeBilan?: string;
  confidentiality?: string;
  deleted?: boolean;
};

const date = (v: string | undefined) => (v ? v.slice(0, 10) : null);
const isConfidential = (v: string | undefined) =>
  !!v && /confidenti/i.test(v) && !/public/i.test(v);

export function createInpiClient(opts: {
  baseUrl: string;
  username: string;
  password: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): InpiClient {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/$/, '');
  let token: string | null = null;

  const unavailable = (message: string): { ok: false; error: InpiError } => ({
    ok: false,
    error: { kind: 'unavailable', message },
  });

  async function login(): Promise<InpiAnswer<string>> {
    let res: Response;
    try {
      res = await doFetch(`${base}/sso/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ username: opts.username, password: opts.password }),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch {
      return unavailable('Le service de l’INPI est injoignable.');
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      return { ok: false, error: { kind: 'auth', message: 'L’INPI a refusé nos identifiants.' } };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return unavailable(`Le service de l’INPI a répondu par une erreur (${res.status}).`);
    }
    const body = (await res.json().catch(() => null)) as { token?: string } | null;
    if (!body?.token) return unavailable('Le service de l’INPI n’a pas donné de jeton.');
    return { ok: true, value: body.token };
  }

  async function call(path: string, retried = false): Promise<InpiAnswer<Response>> {
    if (!token) {
      const l = await login();
      if (!l.ok) return l;
      token = l.value;
    }
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch {
      return unavailable('Le service de l’INPI n’a pas répondu à temps.');
    }
    if (res.status === 401 && !retried) {
      await res.body?.cancel();
      token = null;
      return call(path, true);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return {
        ok: false,
        error: { kind: 'not-found', message: 'L’INPI ne détient pas ce document.' },
      };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return unavailable(`Le service de l’INPI a répondu par une erreur (${res.status}).`);
    }
    return { ok: true, value: res };
  }

  return {
    async attachments(siren) {
      const r = await call(`/companies/${encodeURIComponent(siren)}/attachments`);
      if (!r.ok) return r;
      const body = (await r.value.json().catch(() => null)) as {
        actes?: RawAct[];
        bilans?: RawBilan[];
      } | null;
      if (!body) return unavailable('La réponse de l’INPI est illisible.');
      return {
        ok: true,
        value: {
          acts: (body.actes ?? [])
            .filter((a) => a.id && !a.deleted)
            .map((a) => ({
              id: a.id!,
              filedAt: date(a.dateDepot),
              types: (a.typeRdd ?? []).map((t) => t.typeActe ?? '').filter(Boolean),
              confidential: isConfidential(a.confidentiality),
            })),
          balanceSheets: (body.bilans ?? [])
            .filter((b) => b.id && !b.deleted)
            .map((b) => ({
              id: b.id!,
              filedAt: date(b.dateDepot),
              closingDate: date(b.dateCloture),
              type: b.typeBilan ?? null,
              confidential: isConfidential(b.confidentiality),
            })),
        },
      };
    },
    async download(what, id) {
      const r = await call(`/${what}/${encodeURIComponent(id)}/download`);
      if (!r.ok) return r;
      const body = Buffer.from(await r.value.arrayBuffer());
      if (body.subarray(0, 5).toString('latin1') !== '%PDF-') {
        return unavailable('L’INPI n’a pas renvoyé un fichier PDF.');
      }
      return { ok: true, value: body };
    },
  };
}
