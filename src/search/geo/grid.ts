/**
 * The search index's geographic grid: a company's head office falls in one cell of 0.01° × 0.01°
 * (about 1.1 km north–south, 0.75 km east–west in France), numbered row by row so that the cells
 * of one row are consecutive integers. « Within R km of a point » reads, for each row the circle
 * crosses, one range of the btree (geo_cell, latitude, longitude), then checks the exact
 * great-circle distance: no PostGIS, the same plan on PostgreSQL and PGlite. Pure functions: the
 * client can use them too.
 */
export const GRID_STEP = 100; // cells per degree
export const GRID_ROW = 100_000; // cell number stride of one row (36,000 columns fit)

import { EARTH_RADIUS_KM } from '@/domain/geo';

/** The grid cell of a point (an int4: at most 18,000 × 100,000 + 36,000). */
export function geoCell(lat: number, lon: number): number {
  return Math.floor((lat + 90) * GRID_STEP) * GRID_ROW + Math.floor((lon + 180) * GRID_STEP);
}

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The bounding box of a circle (degrees). */
export function boundingBox(lat: number, lon: number, radiusKm: number) {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const dLon = dLat / Math.max(0.01, Math.cos((Math.abs(lat) + dLat) * (Math.PI / 180)));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
}

/** One [first, last] range of cell numbers per grid row the circle's bounding box crosses. */
export function cellRanges(lat: number, lon: number, radiusKm: number): Array<[number, number]> {
  const b = boundingBox(lat, lon, radiusKm);
  const r0 = Math.floor((b.minLat + 90) * GRID_STEP);
  const r1 = Math.floor((b.maxLat + 90) * GRID_STEP);
  const c0 = Math.floor((b.minLon + 180) * GRID_STEP);
  const c1 = Math.floor((b.maxLon + 180) * GRID_STEP);
  const out: Array<[number, number]> = [];
  for (let r = r0; r <= r1; r++) out.push([r * GRID_ROW + c0, r * GRID_ROW + c1]);
  return out;
}

/**
 * Where a search may be centred: metropolitan France with Corsica, and the five overseas
 * departments (Guadeloupe, Martinique, Guyane, La Réunion, Mayotte), by bounding box.
 */
export const FRANCE_BOXES: Array<{ name: string; lat: [number, number]; lon: [number, number] }> = [
  { name: 'France métropolitaine', lat: [41.2, 51.2], lon: [-5.3, 9.7] },
  { name: 'Guadeloupe', lat: [15.8, 16.6], lon: [-61.9, -60.9] },
  { name: 'Martinique', lat: [14.3, 14.9], lon: [-61.3, -60.8] },
  { name: 'Guyane', lat: [2.1, 5.8], lon: [-54.7, -51.6] },
  { name: 'La Réunion', lat: [-21.4, -20.8], lon: [55.2, 55.9] },
  { name: 'Mayotte', lat: [-13.1, -12.6], lon: [44.9, 45.4] },
];

export function inFrance(lat: number, lon: number): boolean {
  return FRANCE_BOXES.some(
    (b) => lat >= b.lat[0] && lat <= b.lat[1] && lon >= b.lon[0] && lon <= b.lon[1],
  );
}
