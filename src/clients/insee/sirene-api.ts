/**
 * Client of INSEE's Sirene API (`SIRENE_API_URL`, key in `X-INSEE-Api-Key-Integration`): the
 * changes of legal units (`/siren`) or establishments (`/siret`) since a date, page by page with
 * the API's cursor protocol (`curseur=*`, then `curseurSuivant`; the last page repeats its own
 * cursor). A 404 « Aucun élément trouvé » means no change; a 429 is retried after `Retry-After`
 * (4 times at most); anything else stops with a French message (`SireneApiError`). The import of
 * the pages is `src/ingest/sirene/api-poll.ts`.
 */
export type ApiKind = 'ul' | 'etab';

/** Where each kind is asked, the date its objects carry, and the key of their list in a page. */
export const SIRENE_API_KINDS = {
  ul: {
    path: '/siren',
    dateField: 'dateDernierTraitementUniteLegale',
    listKey: 'unitesLegales',
  },
  etab: {
    path: '/siret',
    dateField: 'dateDernierTraitementEtablissement',
    listKey: 'etablissements',
  },
} as const;

/** One answer page: the header and the list (`unitesLegales` or `etablissements`). */
export type SireneApiPage = {
  header?: { curseur?: string; curseurSuivant?: string; total?: number };
} & Record<string, unknown>;

export type SireneApiOptions = {
  baseUrl: string;
  apiKey?: string;
  /** Objects per page (the API's `nombre`, at most 1000). */
  pageSize?: number;
  log?: (line: string) => void;
  /** Pause before retrying an answer 429 (too many requests), in ms. */
  retryDelayMs?: number;
};

/** A failure of the API the operator can act on: its message is French and complete. */
export class SireneApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SireneApiError';
  }
}

async function fetchPage(url: string, opts: SireneApiOptions): Promise<SireneApiPage | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.apiKey) headers['X-INSEE-Api-Key-Integration'] = opts.apiKey;
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { headers });
    } catch (e) {
      const c = (e as { cause?: { code?: string; errors?: Array<{ code?: string }> } }).cause;
      const cause = c?.code ?? c?.errors?.[0]?.code ?? 'connexion impossible';
      throw new SireneApiError(`API Sirene injoignable (${new URL(url).origin}) : ${cause}.`);
    }
    const text = await res.text();
    // The API answers 404 « Aucun élément trouvé » to a query that matches nothing.
    if (res.status === 404) return null;
    if (res.status === 429 && attempt < 5) {
      const wait = Number(res.headers.get('retry-after')) * 1000 || (opts.retryDelayMs ?? 60_000);
      opts.log?.(`API Sirene : trop de requêtes, nouvel essai dans ${Math.round(wait / 1000)} s`);
      await new Promise((r) => setTimeout(r, wait));
      continue;
    }
    if (res.status === 401 || res.status === 403)
      throw new SireneApiError(
        `API Sirene : accès refusé (${res.status}). Vérifiez la clé SIRENE_API_KEY.`,
      );
    if (!res.ok) throw new SireneApiError(`API Sirene : réponse ${res.status} pour ${url}.`);
    try {
      return JSON.parse(text) as SireneApiPage;
    } catch {
      throw new SireneApiError(`API Sirene : réponse illisible (pas du JSON) pour ${url}.`);
    }
  }
}

/**
 * The pages of the objects of a kind changed since `since` (`dateDernierTraitement…:[since TO *]`),
 * one at a time: the next page is asked only when the caller has handled the previous one.
 */
export async function* sireneChanges(
  opts: SireneApiOptions,
  kind: ApiKind,
  since: string,
): AsyncGenerator<{ page: SireneApiPage; list: unknown[] }> {
  const k = SIRENE_API_KINDS[kind];
  const q = `${k.dateField}:[${since} TO *]`;
  let cursor = '*';
  for (;;) {
    const url =
      `${opts.baseUrl.replace(/\/$/, '')}${k.path}?q=${encodeURIComponent(q)}` +
      `&nombre=${opts.pageSize ?? 1000}&curseur=${encodeURIComponent(cursor)}`;
    const page = await fetchPage(url, opts);
    const list = page?.[k.listKey];
    if (!page || !Array.isArray(list) || list.length === 0) return;
    yield { page, list };
    const next = page.header?.curseurSuivant;
    // The last page is the one whose next cursor is its own.
    if (!next || next === cursor) return;
    cursor = next;
  }
}
