import { describe, expect, it } from 'vitest';
import { etablissementMapper } from '@/ingest/sirene/etablissement';
import { distanceKm } from './grid';
import { sireneXyToWgs84, utmToWgs84, wgs84ToUtm } from './projections';

/**
 * Real overseas establishments (data/samples/recherche-entreprises: the Annuaire des Entreprises'
 * positions) and their x/y in the territory's legal projection, computed once with PROJ 9
 * (pyproj 3.7, EPSG:4326 → the EPSG code shown). Le Port and Saint-Barthélemy land on whole metres:
 * the Annuaire converted them from INSEE's own x/y, which are therefore in these UTM zones.
 */
const REAL: Array<{
  siret: string;
  commune: string;
  lat: number;
  lon: number;
  x: number;
  y: number;
}> = [
  // EPSG:2975, RGR92 / UTM 40 S.
  {
    siret: '35155639400010',
    commune: '97407',
    lat: -20.93988194,
    lon: 55.292443379,
    x: 322445.0,
    y: 7683560.0,
  },
  {
    siret: '38529030900165',
    commune: '97411',
    lat: -20.882002,
    lon: 55.45246,
    x: 339025.2,
    y: 7690136.4,
  },
  // EPSG:5490, RGAF09 / UTM 20 N.
  {
    siret: '53160602800037',
    commune: '97701',
    lat: 17.909824027217375,
    lon: -62.81102095989779,
    x: 520016.0,
    y: 1980219.0,
  },
  {
    siret: '38529030900249',
    commune: '97103',
    lat: 16.242505,
    lon: -61.557702,
    x: 654140.1,
    y: 1796303.0,
  },
  {
    siret: '38529030900116',
    commune: '97209',
    lat: 14.604163,
    lon: -61.072458,
    x: 707635.9,
    y: 1615426.3,
  },
  // EPSG:2972, RGFG95 / UTM 22 N.
  {
    siret: '38529030900207',
    commune: '97302',
    lat: 4.941572,
    lon: -52.331014,
    x: 352425.1,
    y: 546353.4,
  },
];

describe('SIRENE x/y overseas → WGS84', () => {
  it('converts the real overseas establishments to within a metre', () => {
    for (const r of REAL) {
      const p = sireneXyToWgs84(r.commune, r.x, r.y);
      expect(p, r.siret).not.toBeNull();
      expect(distanceKm(p!, r)).toBeLessThan(0.001);
    }
  });

  it('Mayotte (UTM 38 S, PROJ) and Saint-Pierre-et-Miquelon (UTM 21 N, PROJ)', () => {
    // Mamoudzou and Saint-Pierre town centres, not sample rows (none in the sample).
    expect(
      distanceKm(sireneXyToWgs84('97611', 524735.4, 8587115.8)!, { lat: -12.7806, lon: 45.2279 }),
    ).toBeLessThan(0.001);
    expect(
      distanceKm(sireneXyToWgs84('97502', 562869.8, 5181168.3)!, { lat: 46.7811, lon: -56.1764 }),
    ).toBeLessThan(0.001);
  });

  it('inverts its own forward projection to the millimetre across a zone', () => {
    for (const [lat, lon, zone, south] of [
      [16.0, -61.5, 20, false],
      [14.5, -61.0, 20, false],
      [5.5, -54.0, 22, false],
      [-21.3, 55.7, 40, true],
      [-12.9, 45.1, 38, true],
    ] as const) {
      const utm = { zone, south };
      const { x, y } = wgs84ToUtm(lat, lon, utm);
      const back = utmToWgs84(x, y, utm);
      expect(distanceKm(back, { lat, lon }) * 1e6).toBeLessThan(1);
    }
  });

  it('refuses a point outside its territory, and keeps Lambert-93 in metropolitan France', () => {
    // A metropolitan Lambert-93 pair under an overseas commune, and a swapped pair.
    expect(sireneXyToWgs84('97411', 652469.02, 6862035.26)).toBeNull();
    expect(sireneXyToWgs84('97407', 7683560, 322445)).toBeNull();
    // Pacific collectivities: no projection known here.
    expect(sireneXyToWgs84('98735', 500000, 8000000)).toBeNull();
    const paris = sireneXyToWgs84('75104', 652469.02, 6862035.26)!;
    expect(distanceKm(paris, { lat: 48.8566, lon: 2.3522 })).toBeLessThan(0.1);
    expect(sireneXyToWgs84('2A004', 1177000, 6110000)).not.toBeNull();
  });

  it('the establishment importer stores the overseas position (Le Port, 974)', () => {
    const header = [
      'siren',
      'nic',
      'siret',
      'statutDiffusionEtablissement',
      'codeCommuneEtablissement',
      'coordonneeLambertAbscisseEtablissement',
      'coordonneeLambertOrdonneeEtablissement',
    ];
    const map = etablissementMapper((name) => header.indexOf(name));
    const row = map([
      '351556394',
      '00010',
      '35155639400010',
      'O',
      '97407',
      '322445.0',
      '7683560.0',
    ]);
    const [lat, lon] = row.slice(-2) as [number, number];
    expect(distanceKm({ lat, lon }, { lat: -20.93988194, lon: 55.292443379 })).toBeLessThan(0.001);
  });
});
