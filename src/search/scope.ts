/**
 * Where a company search looks: the communes, intercommunalities and point of a request checked
 * against the official lists (a clear French message for an unknown one), and whether a search
 * is narrowed at all.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { queryRows } from '@/db/client';
import { textArray } from '@/domain/sql-fragments';
import { failure, success, type Result } from '@/lib/errors';
import type { CompanySearchPage } from './company-results';
import { hasFilters, type ResolvedScope, type SearchFilters } from './filters';
import { findCommune, resolveCommunes, resolveEpcis } from './geo/places';
import type { NearInput } from './request';

export const invalidField = (field: string, message: string) =>
  failure('VALIDATION_FAILED', `Paramètre « ${field} » : ${message}`, {
    fields: { [field]: [message] },
  });

/** Communes, EPCIs and the point of a request, checked against the official lists. */
export async function resolveScope(
  db: Db,
  filters: SearchFilters,
  near: NearInput | null,
): Promise<Result<{ scope: ResolvedScope; near: CompanySearchPage['near'] }>> {
  const scope: ResolvedScope = { communeLists: [] };
  if (filters.communes.length) {
    const r = resolveCommunes(filters.communes);
    if (r.unknown.length)
      return invalidField(
        'commune',
        `Commune inconnue : « ${r.unknown[0]} » (code INSEE attendu).`,
      );
    scope.communeLists!.push(r.codes);
  }
  if (filters.epcis.length) {
    const r = resolveEpcis(filters.epcis);
    if (r.unknown.length)
      return invalidField(
        'epci',
        `Intercommunalité inconnue : « ${r.unknown[0]} » (SIREN d’EPCI attendu).`,
      );
    scope.communeLists!.push(r.codes);
  }
  let resolved: CompanySearchPage['near'] = null;
  if (near?.kind === 'point') {
    resolved = { lat: near.lat, lon: near.lon, radiusKm: near.radiusKm, commune: null };
  } else if (near?.kind === 'commune') {
    const found = findCommune(near.commune);
    if (!found)
      return invalidField('autour', `Commune inconnue : « ${near.commune.slice(0, 40)} ».`);
    // The commune's centre (GeoNames, loaded with the reference tables), else the mean position
    // of the head offices we know there.
    const [centre] = await queryRows<{ lat: number | null; lon: number | null }>(
      db,
      sql`SELECT coalesce(c.latitude, h.lat) AS lat, coalesce(c.longitude, h.lon) AS lon
        FROM (SELECT avg(latitude)::float8 AS lat, avg(longitude)::float8 AS lon FROM search_companies
              WHERE commune_code = ANY(${textArray(found.codes)}::text[]) AND latitude IS NOT NULL) h
        LEFT JOIN (SELECT latitude::float8, longitude::float8 FROM communes
                   WHERE code = ${found.commune.code} AND latitude IS NOT NULL) c ON true`,
    );
    if (centre?.lat == null || centre.lon == null)
      return invalidField('autour', `Position de ${found.commune.name} inconnue de nos données.`);
    resolved = {
      lat: Number(centre.lat),
      lon: Number(centre.lon),
      radiusKm: near.radiusKm,
      commune: found.commune.name,
    };
  }
  if (resolved)
    scope.circle = { lat: resolved.lat, lon: resolved.lon, radiusKm: resolved.radiusKm };
  return success({ scope, near: resolved });
}

export function scoped(filters: SearchFilters, scope: ResolvedScope): boolean {
  return (
    hasFilters(filters) ||
    !!scope.circle ||
    !!scope.postcode ||
    !!scope.department ||
    !!scope.extra ||
    !!scope.person ||
    (scope.communeLists?.length ?? 0) > 0
  );
}
