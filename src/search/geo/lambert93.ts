/**
 * Lambert-93 (RGF93, IGN) ↔ WGS84 degrees, the closed formulas of the IGN's notes (ALG0003 and
 * ALG0004: conic conformal projection with the secant parallels 44° and 49° N, origin 46.5° N,
 * 3° E; GRS80 ellipsoid). RGF93 and WGS84 differ by less than a metre: no datum shift. The SIRENE
 * establishment stock gives metropolitan coordinates in Lambert-93; the import stores degrees.
 */
const E = 0.0818191910428158; // GRS80 first eccentricity
const N = 0.725607765053267; // cone constant
const C = 11754255.426096; // projection constant (m)
const XS = 700000; // false easting of the pole (m)
const YS = 12655612.049876; // northing of the pole (m)
const LON0 = (3 * Math.PI) / 180;

export type LatLon = { lat: number; lon: number };

/** Lambert-93 metres → degrees, or null for a point outside metropolitan France. */
export function lambert93ToWgs84(x: number, y: number): LatLon | null {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
  // Metropolitan France and Corsica lie within these bounds (the projection's own domain).
  if (x < 50_000 || x > 1_300_000 || y < 6_000_000 || y > 7_200_000) return null;
  const dx = x - XS;
  const dy = y - YS;
  const r = Math.hypot(dx, dy);
  const gamma = Math.atan(dx / -dy);
  const lon = LON0 + gamma / N;
  const iso = -Math.log(Math.abs(r / C)) / N; // isometric latitude
  // Latitude from the isometric latitude (ALG0001), iterated to convergence.
  let phi = 2 * Math.atan(Math.exp(iso)) - Math.PI / 2;
  for (let i = 0; i < 20; i++) {
    const s = E * Math.sin(phi);
    const next = 2 * Math.atan(Math.pow((1 + s) / (1 - s), E / 2) * Math.exp(iso)) - Math.PI / 2;
    if (Math.abs(next - phi) < 1e-12) {
      phi = next;
      break;
    }
    phi = next;
  }
  return { lat: (phi * 180) / Math.PI, lon: (lon * 180) / Math.PI };
}

/** Degrees → Lambert-93 metres (ALG0003): the inverse's check in tests, and the bench's points. */
export function wgs84ToLambert93(lat: number, lon: number): { x: number; y: number } {
  const phi = (lat * Math.PI) / 180;
  const s = E * Math.sin(phi);
  const iso = Math.log(Math.tan(Math.PI / 4 + phi / 2) * Math.pow((1 - s) / (1 + s), E / 2));
  const r = C * Math.exp(-N * iso);
  const theta = N * ((lon * Math.PI) / 180 - LON0);
  return { x: XS + r * Math.sin(theta), y: YS - r * Math.cos(theta) };
}
