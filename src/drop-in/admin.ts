/**
 * The government search API's other endpoints, under the drop-in's prefix (docs/DROP-IN.md):
 * `/idcc/{siren}` (the company's SIRETs per collective agreement), `/idcc/metadata` (every
 * agreement's title), `/sources/last_modified` (our sources' last imports), `/health`, and the
 * API's 404 body for any other path. Same headers as /search: public, no cookie, CORS open.
 */
import type { Db } from '@/db/client';
import { logFailure } from '@/lib/log';
import { agreementSirets, listAgreementTitles } from '@/registry/brands';
import { lastImportPerSource } from '@/registry/hub';

export type AdminAnswer = { status: number; body: unknown };

const UNAVAILABLE: AdminAnswer = {
  status: 503,
  body: { erreur: 'Le service est momentanément indisponible. Réessayez dans une minute.' },
};

/** The API's body for a path it does not serve. */
export const NOT_FOUND: AdminAnswer = { status: 404, body: { erreur: 'Ressource non trouvée.' } };

/** The API's `is_siren`: nine digits once the spaces are removed. */
const sirenOf = (raw: string) => {
  const s = raw.replace(/ /g, '');
  return /^\d{9}$/.test(s) ? s : null;
};

/** `{ "5516": ["35600000053008", …] }`: the company's SIRETs per IDCC; `{}` when none. */
export async function idccOfSiren(db: Db, raw: string): Promise<AdminAnswer> {
  const siren = sirenOf(raw);
  if (!siren) return { status: 400, body: { erreur: 'Numéro Siren invalide.' } };
  const rows = await agreementSirets(db, siren);
  return { status: 200, body: Object.fromEntries(rows.map((r) => [r.idcc, r.sirets])) };
}

/** Every collective agreement, in the API's shape (`titre de la convention`, `id_kali`, `url`…). */
export async function idccMetadata(db: Db): Promise<AdminAnswer> {
  const rows = await listAgreementTitles(db);
  const body: Record<string, unknown> = Object.create(null);
  for (const r of rows)
    body[r.idcc] = {
      'titre de la convention': r.title,
      // Légifrance's URL names the KALI container.
      id_kali: /KALICONT\d+/.exec(r.url ?? '')?.[0] ?? null,
      cc_ti: null,
      nature: null,
      etat: null,
      debut: null,
      fin: null,
      url: r.url,
    };
  return { status: 200, body };
}

/** Each source's last import (ISO date and time, UTC), our own file's shape. */
export async function sourcesLastModified(db: Db): Promise<AdminAnswer> {
  const rows = await lastImportPerSource(db);
  return { status: 200, body: Object.fromEntries(rows.map((r) => [r.source, r.at])) };
}

/** The drop-in's JSON answers: public, cacheable when a success, open to other sites. */
export function adminResponse(answer: AdminAnswer, maxAge = 300): Response {
  return Response.json(answer.body, {
    status: answer.status,
    headers: {
      'Cache-Control':
        answer.status === 200 ? `public, max-age=${maxAge}, s-maxage=${maxAge}` : 'no-store',
      ...(answer.status === 503 ? { 'Retry-After': '60' } : {}),
      'Access-Control-Allow-Origin': '*',
    },
  });
}

/** A read for a route: its failure is the 503 answer, never a 500. */
export async function safely(read: () => Promise<AdminAnswer>): Promise<Response> {
  try {
    return adminResponse(await read());
  } catch (error) {
    logFailure('recherche-entreprises', error);
    return adminResponse(UNAVAILABLE);
  }
}
