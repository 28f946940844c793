/**
 * The network map's API (issue 28): `GET /api/companies/{siren}/network?depth=1|2` and
 * `GET /api/directors/{id}/network?depth=1|2`, answered like the rest of the registry API
 * (`{ data: { data } }`, errors `{ error: { code, message } }`, never a 500).
 */
import { z } from 'zod';
import type { Db } from '@/db/client';
import { failure } from '@/lib/errors';
import { dataEnvelope } from '@/lib/api-envelope';
import { getCachedProfile } from '@/registry/page-data';
import { validateSiren } from '@/domain/siren';
import {
  companyNetwork,
  directorNetwork,
  legalPersonNetwork,
  NETWORK_MAX_DEPTH,
} from '@/registry/network';
import { failureResult, type ApiResult } from './registry-handlers';

/** Depth when the query gives none: the map's two hops. */
export const DEFAULT_NETWORK_DEPTH = 2;

/** The `depth` query parameter (its OpenAPI schema is built from this one, src/public-api/openapi/network.ts). */
export const depthSchema = z
  .enum(Array.from({ length: NETWORK_MAX_DEPTH }, (_, i) => String(i + 1)) as [string, ...string[]])
  .describe('Nombre de niveaux autour du point de départ : 1 ou 2 (2 par défaut).');

/** `depth` of the query: 1 or 2, or a failure naming what was received. */
export function parseDepth(raw: string | null): number | ApiResult {
  if (raw === null) return DEFAULT_NETWORK_DEPTH;
  const parsed = depthSchema.safeParse(raw);
  if (parsed.success) return Number(parsed.data);
  const shown = raw.length > 20 ? `${raw.slice(0, 20)}…` : raw;
  return failureResult(
    failure(
      'INVALID_DEPTH',
      `La profondeur du réseau doit être 1 ou 2 (paramètre depth) ; reçu : « ${shown} ».`,
    ),
  );
}

export async function getCompanyNetworkApi(
  db: Db,
  siren: string,
  depthParam: string | null,
): Promise<ApiResult> {
  const depth = parseDepth(depthParam);
  if (typeof depth !== 'number') return depth;
  const lookup = await getCachedProfile(db, siren);
  if (!lookup.ok && lookup.code === 'COMPANY_NOT_FOUND') {
    // A legal person known only as the director of companies we hold: followed through.
    const valid = validateSiren(siren);
    const network = valid.ok ? await legalPersonNetwork(db, valid.siren, { depth }) : null;
    if (network) return { status: 200, body: dataEnvelope(network) };
  }
  if (!lookup.ok) return failureResult(lookup);
  return { status: 200, body: dataEnvelope(await companyNetwork(db, lookup.value, { depth })) };
}

export async function getDirectorNetworkApi(
  db: Db,
  id: string,
  depthParam: string | null,
): Promise<ApiResult> {
  const depth = parseDepth(depthParam);
  if (typeof depth !== 'number') return depth;
  const network = await directorNetwork(db, id, { depth });
  if (!network.ok) return failureResult(network);
  return { status: 200, body: dataEnvelope(network.value) };
}
