/**
 * A full-size synthetic France (issue 40): the SIRENE legal-unit and establishment stocks at 29 M
 * and ~40 M rows in INSEE's current layouts, BODACC A issues and RNE company documents for the
 * legal persons, for the scale benchmark only (`npm run bench:france`, docs/SCALE.md).
 *
 * Every company is a pure function of (seed, index): the legal-unit file, the establishment file,
 * the BODACC issues and the RNE documents can be written in separate passes, in any order, and a
 * part can be rewritten after a crash without holding anything in memory. Files are streamed
 * (gzip level 1 by default) and never need to sit whole on disk beside the database.
 *
 * Shares (stated in docs/SCALE.md): natural persons 0.60, ceased units 0.55, partial diffusion
 * 0.03 of natural persons and 0.005 of legal persons, establishments per unit 1.38 on average with
 * a long tail (87 % one, a few with thousands), Lambert-93 coordinates on 0.85 of establishments
 * in metropolitan France and UTM ones overseas (0.03 of establishments). Names are obviously
 * generated: every one holds a made-up pronounceable word.
 */
import { createRequire } from 'node:module';
import { wgs84ToLambert93 } from '@/search/geo/lambert93';
import { wgs84ToUtm, type UtmZone } from '@/search/geo/projections';
import {
  FIRST_NAMES,
  LEGAL_WORDS,
  NAF,
  PLACE_WORDS,
  STREETS,
  STREET_TYPES,
  SURNAMES,
  TRADE_WORDS,
} from './names';
import { Rng } from './random';
import {
  csvLine,
  ET_HEADER,
  pad,
  randomDate as date,
  randomStamp,
  UL_HEADER,
  withLuhnKey,
  type Sink,
} from './stock';

/** The real stock's sizes (INSEE, 2025): what `--full` generates. */
export const FULL_UNITS = 29_000_000;

export const SHARES = {
  naturalPerson: 0.6,
  ceased: 0.55,
  partialNatural: 0.03,
  partialLegal: 0.005,
  lambert: 0.85,
  overseas: 0.03,
} as const;

/** Every 1,000,000th unit has this many establishments (the paginated list of the benchmark). */
export const GIANT_ESTABLISHMENTS = 5_000;

export const ulCol = (n: string) => UL_HEADER.indexOf(n);
export const etCol = (n: string) => ET_HEADER.indexOf(n);

/** SIREN of unit `i`: bodies 10,000,000 + 3i (29 M units fit below 100,000,000). */
export function franceSiren(i: number): string {
  return withLuhnKey(pad(10_000_000 + i * 3, 8));
}

/** The per-unit generator: a fresh PRNG per unit, so any unit can be regenerated alone. */
export function unitRng(seed: number, i: number, stream: number): Rng {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x27d4eb2f) ^ Math.imul(stream + 1, 0x165667b1);
  return new Rng(h ^ (h >>> 15));
}

const SYLLABLE_C = 'BCDFGKLMNPRSTVZ';
const SYLLABLE_V = 'AEIOU';
/** A made-up word: what makes a generated name obviously generated. */
export function madeUpWord(rng: Rng): string {
  let w = '';
  const n = 2 + rng.int(2);
  for (let k = 0; k < n; k++) w += SYLLABLE_C[rng.int(15)]! + SYLLABLE_V[rng.int(5)]!;
  return w;
}

export type FranceUnit = {
  i: number;
  siren: string;
  natural: boolean;
  diffusion: 'O' | 'P';
  ceased: boolean;
  name: string;
  lastName: string;
  firstName: string;
  naf: string;
  legalForm: string;
  establishments: number;
  created: string;
  updated: string;
};

/** Establishments of one unit: 1 for most, a long tail (Pareto) up to a few thousand. */
function establishmentCount(rng: Rng, i: number): number {
  if (i % 1_000_000 === 999_999) return GIANT_ESTABLISHMENTS;
  const u = rng.next();
  if (u < 0.87) return 1;
  if (u < 0.96) return 2;
  if (u < 0.99) return 3 + rng.int(3);
  if (u < 0.999) return 6 + rng.int(15);
  // Pareto tail from 21, alpha 1.3, capped: a few units with hundreds or thousands.
  return Math.min(3_000, Math.floor(21 / Math.pow(1 - rng.next(), 1 / 1.3)));
}

export function franceUnit(seed: number, i: number): FranceUnit {
  const rng = unitRng(seed, i, 0);
  const natural = rng.chance(SHARES.naturalPerson);
  const diffusion = rng.chance(natural ? SHARES.partialNatural : SHARES.partialLegal) ? 'P' : 'O';
  const ceased = rng.chance(SHARES.ceased);
  const lastName = rng.zipf(SURNAMES);
  const firstName = rng.zipf(FIRST_NAMES);
  const word = madeUpWord(rng);
  const r = rng.next();
  let name: string;
  if (r < 0.35) name = `${rng.pick(LEGAL_WORDS)} ${word} ${rng.zipf(SURNAMES)}`;
  else if (r < 0.6) name = `${rng.zipf(TRADE_WORDS)} ${word}`;
  else if (r < 0.8) name = `${rng.pick(LEGAL_WORDS)} ${rng.zipf(TRADE_WORDS)} ${word}`;
  else name = `${word} ${rng.zipf(TRADE_WORDS)} ${rng.pick(PLACE_WORDS)}`;
  return {
    i,
    siren: franceSiren(i),
    natural,
    diffusion,
    ceased,
    name,
    lastName: natural ? `${lastName}-${word}` : lastName,
    firstName,
    naf: rng.pick(NAF),
    legalForm: natural ? '1000' : rng.pick(['5710', '5499', '6540', '5720', '5498', '9220']),
    establishments: establishmentCount(rng, i),
    created: date(rng, 1950, 2026),
    updated: randomStamp(rng, false),
  };
}

/** Centres establishments scatter around, with weights close to their share of companies. */
const CENTRES: Array<[dep: string, lat: number, lon: number, weight: number, utm?: UtmZone]> = [
  ['75', 48.8566, 2.3522, 12],
  ['92', 48.8924, 2.2071, 4],
  ['93', 48.9137, 2.4845, 3],
  ['94', 48.7904, 2.4556, 3],
  ['78', 48.8049, 2.1204, 2],
  ['91', 48.6298, 2.4418, 2],
  ['95', 49.0364, 2.0761, 2],
  ['77', 48.5396, 2.6554, 2],
  ['69', 45.764, 4.8357, 5],
  ['13', 43.2965, 5.3698, 5],
  ['31', 43.6047, 1.4442, 3],
  ['06', 43.7102, 7.262, 3],
  ['44', 47.2184, -1.5536, 3],
  ['67', 48.5734, 7.7521, 2],
  ['34', 43.6108, 3.8767, 3],
  ['33', 44.8378, -0.5792, 4],
  ['59', 50.6292, 3.0573, 4],
  ['35', 48.1173, -1.6778, 2],
  ['51', 49.2583, 4.0317, 1],
  ['38', 45.1885, 5.7245, 2],
  ['21', 47.322, 5.0415, 1],
  ['49', 47.4784, -0.5632, 1],
  ['37', 47.3941, 0.6848, 1],
  ['63', 45.7772, 3.087, 1],
  ['76', 49.4432, 1.0999, 2],
  ['57', 49.1193, 6.1757, 2],
  ['29', 48.3904, -4.4861, 1],
  ['83', 43.1242, 5.928, 2],
  ['84', 43.9493, 4.8055, 1],
  ['2A', 41.9192, 8.7386, 1],
  ['64', 43.2951, -0.3708, 1],
  ['87', 45.8336, 1.2611, 1],
  ['971', 16.2411, -61.5331, 1, { zone: 20, south: false }],
  ['972', 14.6161, -61.0588, 1, { zone: 20, south: false }],
  ['973', 4.9224, -52.3135, 0.5, { zone: 22, south: false }],
  ['974', -20.8823, 55.4504, 1.5, { zone: 40, south: true }],
  ['976', -12.7806, 45.2279, 0.3, { zone: 38, south: true }],
];

type Commune = { code: string; name: string; postcode: string; population: number };
let communesByDep: Map<string, { list: Commune[]; cumulative: number[] }> | null = null;

/** Real communes of each department, picked in proportion to their population. */
function communes(dep: string) {
  if (!communesByDep) {
    const require = createRequire(import.meta.url);
    const all = require('@etalab/decoupage-administratif/data/communes.json') as Array<{
      code: string;
      nom: string;
      type: string;
      departement: string;
      population?: number;
      codesPostaux?: string[];
    }>;
    communesByDep = new Map();
    for (const c of all) {
      if (c.type !== 'commune-actuelle' || !c.codesPostaux?.length) continue;
      let d = communesByDep.get(c.departement);
      if (!d) communesByDep.set(c.departement, (d = { list: [], cumulative: [] }));
      const total = (d.cumulative.at(-1) ?? 0) + Math.max(1, c.population ?? 1);
      d.list.push({
        code: c.code,
        name: c.nom.toUpperCase(),
        postcode: c.codesPostaux[0]!,
        population: c.population ?? 1,
      });
      d.cumulative.push(total);
    }
  }
  return communesByDep.get(dep)!;
}

/** Cumulative weights, overseas scaled to SHARES.overseas of all establishments. */
const CENTRE_CUMULATIVE = (() => {
  const metro = CENTRES.filter((c) => !c[4]).reduce((a, c) => a + c[3], 0);
  const overseas = CENTRES.filter((c) => c[4]).reduce((a, c) => a + c[3], 0);
  const scale = (metro * SHARES.overseas) / (1 - SHARES.overseas) / overseas;
  let total = 0;
  return CENTRES.map((c) => (total += c[4] ? c[3] * scale : c[3]));
})();

function pickCentre(rng: Rng) {
  const u = rng.next() * CENTRE_CUMULATIVE.at(-1)!;
  let k = 0;
  while (CENTRE_CUMULATIVE[k]! < u) k++;
  return CENTRES[k]!;
}

function pickCommune(rng: Rng, dep: string): Commune {
  const d = communes(dep);
  const u = rng.next() * d.cumulative.at(-1)!;
  let lo = 0;
  let hi = d.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (d.cumulative[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return d.list[lo]!;
}

/** A normal deviate (Box–Muller): establishments cluster around their centre. */
function gauss(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
}

export function unitRow(u: FranceUnit): string {
  return csvLine(unitFields(u));
}

export function unitFields(u: FranceUnit): string[] {
  const row: string[] = Array(UL_HEADER.length).fill('');
  const nd = (v: string) => (u.diffusion === 'P' ? '[ND]' : v);
  const rng = unitRng(0, u.i, 1);
  row[ulCol('siren')] = u.siren;
  row[ulCol('statutDiffusionUniteLegale')] = u.diffusion;
  row[ulCol('dateCreationUniteLegale')] = u.created;
  if (u.natural) {
    row[ulCol('sexeUniteLegale')] = nd(rng.chance(0.5) ? 'M' : 'F');
    row[ulCol('prenom1UniteLegale')] = nd(u.firstName);
    row[ulCol('prenomUsuelUniteLegale')] = nd(u.firstName);
    row[ulCol('nomUniteLegale')] = nd(u.lastName);
  } else row[ulCol('denominationUniteLegale')] = u.name;
  row[ulCol('trancheEffectifsUniteLegale')] = u.ceased
    ? 'NN'
    : rng.pick(['NN', 'NN', 'NN', '00', '01', '02', '03', '11', '12', '21', '22']);
  row[ulCol('anneeEffectifsUniteLegale')] = '2023';
  row[ulCol('dateDernierTraitementUniteLegale')] = u.updated;
  row[ulCol('nombrePeriodesUniteLegale')] = String(1 + rng.int(6));
  row[ulCol('categorieEntreprise')] = rng.pick(['PME', 'PME', 'PME', 'ETI', '']);
  row[ulCol('anneeCategorieEntreprise')] = '2023';
  row[ulCol('dateDebut')] = u.created;
  row[ulCol('etatAdministratifUniteLegale')] = u.ceased ? 'C' : 'A';
  row[ulCol('categorieJuridiqueUniteLegale')] = u.legalForm;
  row[ulCol('activitePrincipaleUniteLegale')] = u.naf;
  row[ulCol('nomenclatureActivitePrincipaleUniteLegale')] = 'NAFRev2';
  row[ulCol('nicSiegeUniteLegale')] = '00012';
  row[ulCol('economieSocialeSolidaireUniteLegale')] = rng.chance(0.02) ? 'O' : 'N';
  row[ulCol('societeMissionUniteLegale')] = u.natural ? '' : 'N';
  row[ulCol('caractereEmployeurUniteLegale')] = rng.chance(0.2) ? 'O' : 'N';
  row[ulCol('activitePrincipaleNAF25UniteLegale')] = `${u.naf.slice(0, 5)}Y`;
  return row;
}

export function establishmentRows(u: FranceUnit): string {
  return establishmentFields(u).map(csvLine).join('');
}

export function establishmentFields(u: FranceUnit): string[][] {
  const rng = unitRng(0, u.i, 2);
  const nd = (v: string) => (u.diffusion === 'P' ? '[ND]' : v);
  // Establishments of one unit mostly share its department, as real networks of shops do not.
  const home = pickCentre(rng);
  const out: string[][] = [];
  for (let k = 0; k < u.establishments; k++) {
    const centre = k === 0 || rng.chance(0.7) ? home : pickCentre(rng);
    const [dep, lat, lon, , utm] = centre;
    const commune = pickCommune(rng, dep);
    const head = k === 0;
    const closed = u.ceased || (!head && rng.chance(0.35));
    const row: string[] = Array(ET_HEADER.length).fill('');
    // NIC: 4 digits of sequence + a check digit, the head office being 00012 as in the units.
    const nic = head ? '00012' : `${pad(k + 2, 4)}${k % 10}`;
    row[etCol('siren')] = u.siren;
    row[etCol('nic')] = nic;
    row[etCol('siret')] = u.siren + nic;
    row[etCol('statutDiffusionEtablissement')] = u.diffusion;
    row[etCol('dateCreationEtablissement')] = head ? u.created : date(rng, 1980, 2026);
    row[etCol('trancheEffectifsEtablissement')] = closed
      ? 'NN'
      : rng.pick(['NN', 'NN', '00', '01', '02', '03', '11']);
    row[etCol('anneeEffectifsEtablissement')] = '2023';
    row[etCol('dateDernierTraitementEtablissement')] = u.updated;
    row[etCol('etablissementSiege')] = head ? 'true' : 'false';
    row[etCol('nombrePeriodesEtablissement')] = '1';
    row[etCol('numeroVoieEtablissement')] = nd(String(1 + rng.int(150)));
    row[etCol('typeVoieEtablissement')] = nd(rng.pick(STREET_TYPES));
    row[etCol('libelleVoieEtablissement')] = nd(rng.pick(STREETS));
    row[etCol('codePostalEtablissement')] = commune.postcode;
    row[etCol('libelleCommuneEtablissement')] = commune.name;
    row[etCol('codeCommuneEtablissement')] = commune.code;
    if (rng.chance(SHARES.lambert)) {
      const la = lat + gauss(rng) * 0.12;
      const lo = lon + gauss(rng) * 0.16;
      const p = utm ? wgs84ToUtm(la, lo, utm) : wgs84ToLambert93(la, lo);
      row[etCol('coordonneeLambertAbscisseEtablissement')] = nd(p.x.toFixed(1));
      row[etCol('coordonneeLambertOrdonneeEtablissement')] = nd(p.y.toFixed(1));
    }
    row[etCol('dateDebut')] = date(rng, 2000, 2026);
    row[etCol('etatAdministratifEtablissement')] = closed ? 'F' : 'A';
    if (rng.chance(0.15))
      row[etCol('enseigne1Etablissement')] = nd(`${rng.zipf(TRADE_WORDS)} ${madeUpWord(rng)}`);
    row[etCol('activitePrincipaleEtablissement')] = u.naf;
    row[etCol('nomenclatureActivitePrincipaleEtablissement')] = 'NAFRev2';
    row[etCol('caractereEmployeurEtablissement')] = 'N';
    row[etCol('activitePrincipaleNAF25Etablissement')] = `${u.naf.slice(0, 5)}Y`;
    out.push(row);
  }
  return out;
}

export type StockProgress = (done: number, rows: number) => void;

/** Units [from, to) of a France of `seed`: the legal-unit stock or the establishment stock. */
export async function writeFranceStock(
  kind: 'ul' | 'et',
  sink: Sink,
  o: { seed: number; from?: number; to: number; progress?: StockProgress },
): Promise<number> {
  await sink.write(`${(kind === 'ul' ? UL_HEADER : ET_HEADER).join(',')}\n`);
  let rows = 0;
  for (let i = o.from ?? 0; i < o.to; i++) {
    const u = franceUnit(o.seed, i);
    if (kind === 'ul') {
      await sink.write(unitRow(u));
      rows++;
    } else {
      await sink.write(establishmentRows(u));
      rows += u.establishments;
    }
    if (o.progress && i % 100_000 === 0) o.progress(i - (o.from ?? 0), rows);
  }
  await sink.end();
  return rows;
}
