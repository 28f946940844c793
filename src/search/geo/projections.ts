/**
 * SIRENE's projected x/y (`coordonneeLambert…Etablissement`) → WGS84 degrees, by the legal
 * projection of the establishment's territory (IGN, « Systèmes de référence de coordonnées usités
 * en France »): Lambert-93 in metropolitan France and Corsica, UTM elsewhere: Guadeloupe,
 * Martinique, Saint-Barthélemy and Saint-Martin RGAF09 / UTM 20 N (EPSG 5490), Guyane RGFG95 /
 * UTM 22 N (2972), La Réunion RGR92 / UTM 40 S (2975), Mayotte RGM04 / UTM 38 S (4471),
 * Saint-Pierre-et-Miquelon RGSPM06 / UTM 21 N (4467). Despite the columns' name, INSEE publishes
 * overseas x/y in these UTM zones: the real positions of the Annuaire des Entreprises for Le Port
 * (974) and Saint-Barthélemy (977), converted from INSEE's x/y, fall on whole metres in them
 * (projections.test.ts). All these frames use the GRS80 ellipsoid and agree with WGS84 to about a
 * metre: no datum shift.
 */
import { lambert93ToWgs84, type LatLon } from './lambert93';

const A = 6378137; // GRS80 semi-major axis (m)
const F = 1 / 298.257222101; // GRS80 flattening
const K0 = 0.9996;
const FALSE_EASTING = 500_000;
const FALSE_NORTHING_SOUTH = 10_000_000;

// Krüger's series to n³ (Karney 2011, eqs. 11, 15 and 35): well under a millimetre in a zone.
const N = F / (2 - F);
const RECT = (A / (1 + N)) * (1 + (N * N) / 4 + N ** 4 / 64);
const BETA = [
  N / 2 - (2 * N * N) / 3 + (37 * N ** 3) / 96,
  (N * N) / 48 + N ** 3 / 15,
  (17 * N ** 3) / 480,
];
const DELTA = [
  2 * N - (2 * N * N) / 3 - 2 * N ** 3,
  (7 * N * N) / 3 - (8 * N ** 3) / 5,
  (56 * N ** 3) / 15,
];
const ALPHA = [
  N / 2 - (2 * N * N) / 3 + (5 * N ** 3) / 16,
  (13 * N * N) / 48 - (3 * N ** 3) / 5,
  (61 * N ** 3) / 240,
];

export type UtmZone = { zone: number; south: boolean };

/** UTM metres of `zone` → degrees. */
export function utmToWgs84(x: number, y: number, { zone, south }: UtmZone): LatLon {
  const xi = (y - (south ? FALSE_NORTHING_SOUTH : 0)) / (K0 * RECT);
  const eta = (x - FALSE_EASTING) / (K0 * RECT);
  let xi1 = xi;
  let eta1 = eta;
  for (let j = 1; j <= 3; j++) {
    xi1 -= BETA[j - 1]! * Math.sin(2 * j * xi) * Math.cosh(2 * j * eta);
    eta1 -= BETA[j - 1]! * Math.cos(2 * j * xi) * Math.sinh(2 * j * eta);
  }
  const chi = Math.asin(Math.sin(xi1) / Math.cosh(eta1));
  let phi = chi;
  for (let j = 1; j <= 3; j++) phi += DELTA[j - 1]! * Math.sin(2 * j * chi);
  const lon0 = zone * 6 - 183;
  const lon = lon0 + (Math.atan2(Math.sinh(eta1), Math.cos(xi1)) * 180) / Math.PI;
  return { lat: (phi * 180) / Math.PI, lon };
}

/** Degrees → UTM metres of `zone` (the tests' check of the inverse). */
export function wgs84ToUtm(lat: number, lon: number, { zone, south }: UtmZone) {
  const phi = (lat * Math.PI) / 180;
  const dLon = ((lon - (zone * 6 - 183)) * Math.PI) / 180;
  const e = Math.sqrt(F * (2 - F));
  const t = Math.sinh(Math.atanh(Math.sin(phi)) - e * Math.atanh(e * Math.sin(phi)));
  const xi1 = Math.atan2(t, Math.cos(dLon));
  const eta1 = Math.atanh(Math.sin(dLon) / Math.sqrt(1 + t * t));
  let xi = xi1;
  let eta = eta1;
  for (let j = 1; j <= 3; j++) {
    xi += ALPHA[j - 1]! * Math.sin(2 * j * xi1) * Math.cosh(2 * j * eta1);
    eta += ALPHA[j - 1]! * Math.cos(2 * j * xi1) * Math.sinh(2 * j * eta1);
  }
  return {
    x: FALSE_EASTING + K0 * RECT * eta,
    y: (south ? FALSE_NORTHING_SOUTH : 0) + K0 * RECT * xi,
  };
}

/** Overseas territories by the start of their commune codes: UTM zone and where they lie. */
const OVERSEAS: Array<{
  prefixes: string[];
  utm: UtmZone;
  lat: [number, number];
  lon: [number, number];
}> = [
  // Guadeloupe, Martinique, Saint-Barthélemy, Saint-Martin.
  {
    prefixes: ['971', '972', '977', '978'],
    utm: { zone: 20, south: false },
    lat: [14.3, 18.2],
    lon: [-63.3, -60.7],
  },
  { prefixes: ['973'], utm: { zone: 22, south: false }, lat: [2.0, 6.0], lon: [-54.8, -51.4] },
  { prefixes: ['974'], utm: { zone: 40, south: true }, lat: [-21.5, -20.7], lon: [55.1, 56.0] },
  { prefixes: ['975'], utm: { zone: 21, south: false }, lat: [46.6, 47.2], lon: [-56.6, -56.0] },
  { prefixes: ['976'], utm: { zone: 38, south: true }, lat: [-13.2, -12.5], lon: [44.8, 45.5] },
];

/**
 * SIRENE x/y of an establishment in commune `communeCode` → degrees, or null when the commune has
 * no projection we know (abroad, overseas collectivities of the Pacific) or the point falls
 * outside its territory (a wrong or swapped pair).
 */
export function sireneXyToWgs84(communeCode: string | null, x: number, y: number): LatLon | null {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
  const overseas = communeCode
    ? OVERSEAS.find((o) => o.prefixes.some((p) => communeCode.startsWith(p)))
    : undefined;
  if (!overseas) {
    // Metropolitan France, and a code unknown or missing: Lambert-93 checks its own domain.
    return communeCode?.startsWith('98') ? null : lambert93ToWgs84(x, y);
  }
  const p = utmToWgs84(x, y, overseas.utm);
  const inside =
    p.lat >= overseas.lat[0] &&
    p.lat <= overseas.lat[1] &&
    p.lon >= overseas.lon[0] &&
    p.lon <= overseas.lon[1];
  return inside ? p : null;
}
