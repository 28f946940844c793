/**
 * Where the labels' sources publish (issue 39), and their download: one file per source (or per
 * file of a source), written where the importers of src/ingest/<source>/ read it. Paged APIs
 * (Agence Bio's `nb`/`debut`, ADEME's data-fair `next`) are followed to the end and written as one
 * answer of the same shape. `LABEL_SOURCES_BASE_URL` replaces every address by
 * `<base>/<source>/<file>` (a mirror, or the tests' local server). Sources that need a key
 * (le marché de l'inclusion) are skipped without one.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

export type LabelDownload = {
  source: string;
  /** The file name written (its extension tells the importer the format). */
  file: string;
  url: string;
  /** How the answer is paged: one file, or pages to follow. */
  paging?: 'agence-bio' | 'data-fair';
  /** Header `Authorization: Bearer …` from this setting's value; skipped without it. */
  tokenSetting?: 'MARCHE_INCLUSION_TOKEN';
};

const DATA_GOUV = 'https://www.data.gouv.fr/fr/datasets/r';

/** The official addresses (data.gouv.fr stable resource links, the producers' APIs). */
export const LABEL_DOWNLOADS: LabelDownload[] = [
  {
    source: 'ess-france',
    file: 'ess-france.csv',
    url: `${DATA_GOUV}/57bc99ca-0432-4b46-8fcc-e76a35c9efaf`,
  },
  {
    source: 'marche-inclusion',
    file: 'siae.json',
    url: 'https://lemarche.inclusion.beta.gouv.fr/api/siae?limit=20000',
    tokenSetting: 'MARCHE_INCLUSION_TOKEN',
  },
  {
    source: 'agence-bio',
    file: 'operateurs.json',
    url: 'https://opendata.agencebio.org/api/gouv/operateurs/',
    paging: 'agence-bio',
  },
  {
    source: 'rge',
    file: 'rge.json',
    url: 'https://data.ademe.fr/data-fair/api/v1/datasets/liste-des-entreprises-rge-2/lines?size=10000&select=siret,code_qualification',
    paging: 'data-fair',
  },
  {
    source: 'egapro',
    file: 'index-egalite-fh.xlsx',
    url: `${DATA_GOUV}/d434859f-8d3b-4381-bcdb-ec9200653ae6`,
  },
  {
    source: 'spectacle',
    file: 'spectacle.csv',
    url: `${DATA_GOUV}/fb6c3b2e-da8c-4e69-a719-6a96329e4cb2`,
  },
  {
    source: 'organisme-formation',
    file: 'liste-publique-des-of.csv',
    url: 'https://dgefp.opendatasoft.com/api/explore/v2.1/catalog/datasets/liste-publique-des-of-v2/exports/csv?use_labels=true',
  },
  { source: 'uai', file: 'mesr.csv', url: `${DATA_GOUV}/bcc3229a-beb2-4077-a8d8-50a065dfbbfa` },
  {
    source: 'alim-confiance',
    file: 'alim-confiance.csv',
    url: `${DATA_GOUV}/fff0cc27-977b-40d5-9c11-f7e4e79a0b72`,
  },
  {
    source: 'finess',
    file: 'etalab-etablissements.csv',
    url: `${DATA_GOUV}/2ce43ade-8d2c-4d1d-81da-ca06c82abc68`,
  },
  {
    source: 'finess',
    file: 'etalab-entites-juridiques.csv',
    url: `${DATA_GOUV}/2cba77b2-f1de-4ef8-8428-bfe660e86844`,
  },
  {
    source: 'patrimoine-vivant',
    file: 'epv.csv',
    url: `${DATA_GOUV}/9bca3cea-1659-422d-8c4d-40137b2a1ee8`,
  },
  {
    source: 'achats-responsables',
    file: 'rfar.csv',
    url: `${DATA_GOUV}/a61ad4c3-5656-480d-b71c-bfc3cc99c9b0`,
  },
];

export class LabelSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LabelSourceError';
  }
}

async function get(url: string, headers: Record<string, string>): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(url, { headers, redirect: 'follow' });
  } catch (e) {
    const c = (e as { cause?: { code?: string } }).cause;
    throw new LabelSourceError(
      `${new URL(url).origin} injoignable : ${c?.code ?? 'connexion impossible'}.`,
    );
  }
  if (!res.ok) throw new LabelSourceError(`réponse ${res.status} pour ${url}.`);
  return Buffer.from(await res.arrayBuffer());
}

function json(buf: Buffer, url: string): Record<string, unknown> {
  try {
    return JSON.parse(buf.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new LabelSourceError(`réponse illisible (pas du JSON) pour ${url}.`);
  }
}

/** Pages at most: a runaway `next` never loops for ever. */
const MAX_PAGES = 2000;

/** Downloads one source's file into `dir`; null when skipped (no key). */
export async function downloadLabelSource(
  d: LabelDownload,
  dir: string,
  o: { baseUrl?: string; tokens?: Partial<Record<'MARCHE_INCLUSION_TOKEN', string>> } = {},
): Promise<string | null> {
  const headers: Record<string, string> = {};
  if (d.tokenSetting) {
    const token = o.tokens?.[d.tokenSetting];
    if (!token && !o.baseUrl) return null;
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  const url = o.baseUrl ? `${o.baseUrl.replace(/\/$/, '')}/${d.source}/${d.file}` : d.url;
  const file = path.join(dir, `${d.source}--${d.file}`);
  let body: Buffer;
  if (d.paging === 'agence-bio') {
    const items: unknown[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const u = new URL(url);
      u.searchParams.set('nb', '1000');
      u.searchParams.set('debut', String(page * 1000));
      const doc = json(await get(u.toString(), headers), url);
      const got = (doc.items as unknown[]) ?? [];
      items.push(...got);
      if (got.length < 1000 || items.length >= Number(doc.nbTotal ?? 0)) break;
    }
    body = Buffer.from(JSON.stringify({ nbTotal: String(items.length), items }));
  } else if (d.paging === 'data-fair') {
    const results: unknown[] = [];
    let next: string | null = url;
    for (let page = 0; next && page < MAX_PAGES; page++) {
      const doc = json(await get(next, headers), next);
      results.push(...((doc.results as unknown[]) ?? []));
      next = typeof doc.next === 'string' ? doc.next : null;
    }
    body = Buffer.from(JSON.stringify({ total: results.length, results }));
  } else body = await get(url, headers);
  await writeFile(file, body);
  return file;
}
