import { describe, expect, it } from 'vitest';
import { cellRanges, distanceKm, geoCell, inFrance } from './grid';
import { lambert93ToWgs84, wgs84ToLambert93 } from './lambert93';

describe('Lambert-93 → WGS84', () => {
  it('gives the projection origin and known points', () => {
    const origin = lambert93ToWgs84(700000, 6600000)!;
    expect(origin.lat).toBeCloseTo(46.5, 9);
    expect(origin.lon).toBeCloseTo(3, 9);
    // Paris, Notre-Dame's parvis (IGN geodetic point, Lambert-93 652469.02 / 6862035.26).
    const paris = lambert93ToWgs84(652469.02, 6862035.26)!;
    expect(paris.lat).toBeCloseTo(48.8566, 3);
    expect(paris.lon).toBeCloseTo(2.3522, 3);
    // Two establishments of the real SIRENE sample: Avignon and Gémenos.
    const avignon = lambert93ToWgs84(851150.0982592739, 6317267.146094748)!;
    expect(avignon.lat).toBeCloseTo(43.93819, 4);
    expect(avignon.lon).toBeCloseTo(4.882656, 4);
    const gemenos = lambert93ToWgs84(913005.2782392878, 6245869.653506171)!;
    expect(distanceKm(gemenos, { lat: 43.2953, lon: 5.6289 })).toBeLessThan(3);
  });

  it('inverts the forward projection to the millimetre over France', () => {
    for (const [lat, lon] of [
      [51.08, 2.37],
      [42.33, 9.53],
      [43.3, -1.78],
      [48.45, -4.8],
      [49.0, 8.2],
    ] as const) {
      const { x, y } = wgs84ToLambert93(lat, lon);
      const back = lambert93ToWgs84(x, y)!;
      expect(distanceKm(back, { lat, lon }) * 1e6).toBeLessThan(1);
    }
  });

  it('refuses coordinates outside metropolitan France', () => {
    expect(lambert93ToWgs84(0, 0)).toBeNull();
    expect(lambert93ToWgs84(Number.NaN, 6600000)).toBeNull();
  });
});

describe('geographic grid', () => {
  it('covers every cell a circle touches, one range per row', () => {
    const centre = { lat: 48.8566, lon: 2.3522 };
    const ranges = cellRanges(centre.lat, centre.lon, 10);
    expect(ranges.length).toBeGreaterThan(15);
    // Points on the circle's edge fall in a range.
    for (let a = 0; a < 360; a += 15) {
      const d = 9.99 / 6371.0088;
      const lat = centre.lat + (d * Math.cos((a * Math.PI) / 180) * 180) / Math.PI;
      const lon =
        centre.lon +
        (d * Math.sin((a * Math.PI) / 180) * 180) / Math.PI / Math.cos((lat * Math.PI) / 180);
      expect(distanceKm(centre, { lat, lon })).toBeLessThan(10);
      const cell = geoCell(lat, lon);
      expect(ranges.some(([lo, hi]) => cell >= lo && cell <= hi)).toBe(true);
    }
  });

  it('knows France and its overseas departments', () => {
    expect(inFrance(48.85, 2.35)).toBe(true);
    expect(inFrance(-20.88, 55.45)).toBe(true);
    expect(inFrance(40.41, -3.7)).toBe(false);
  });
});
