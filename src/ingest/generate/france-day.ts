/**
 * One day of the synthetic France's changes in the Sirene API's answer format (france.ts, issue
 * 40): what the daily poll receives, deterministic for (seed, day).
 */
import { TRADE_WORDS } from './names';
import { ET_HEADER, pad, UL_HEADER, type Sink } from './stock';
import {
  establishmentFields,
  etCol,
  franceUnit,
  madeUpWord,
  ulCol,
  unitFields,
  unitRng,
} from './france';

/**
 * Columns the Sirene API puts in a unit's current period, and in an establishment's: the stock
 * layouts' tail from `dateDebut` on (the NAF 2025 column stays outside).
 */
const periodOf = (header: string[]) =>
  new Set(header.slice(header.indexOf('dateDebut')).filter((c) => !c.includes('NAF25')));
const UL_PERIOD = periodOf(UL_HEADER);
const ET_PERIOD = periodOf(ET_HEADER);
const ET_ADDRESS = new Set(ET_HEADER.slice(11, 30));

const orNull = (v: string) => (v === '' ? null : v);

/** A row of the stock layout as the Sirene API answers it: periods, addresses, nulls. */
function apiObject(header: string[], row: string[], kind: 'ul' | 'et'): Record<string, unknown> {
  const top: Record<string, unknown> = {};
  const period: Record<string, unknown> = { dateFin: null };
  const address: Record<string, unknown> = {};
  const address2: Record<string, unknown> = {};
  header.forEach((h, k) => {
    const v = orNull(row[k]!);
    if (kind === 'ul' ? UL_PERIOD.has(h) : ET_PERIOD.has(h)) period[h] = v;
    else if (kind === 'et' && ET_ADDRESS.has(h)) address[h] = v;
    else if (kind === 'et' && /2Etablissement$/.test(h)) address2[h] = v;
    else top[h] = v;
  });
  return kind === 'ul'
    ? { ...top, periodesUniteLegale: [period] }
    : {
        ...top,
        adresseEtablissement: address,
        adresse2Etablissement: address2,
        periodesEtablissement: [period],
      };
}

/**
 * One day of changes in the Sirene API's answer format (`{header, unitesLegales}` or
 * `{header, etablissements}`), as the daily poll receives them: `count` objects, 95 % of them
 * existing units changed (state, headcount, name, an establishment closed or moved), 5 % new units
 * created that day (beyond the stock). Deterministic for (seed, day).
 */
export async function writeFranceDay(
  kind: 'ul' | 'et',
  sink: Sink,
  o: { seed: number; units: number; day: number; count: number },
): Promise<number> {
  const rng = unitRng(o.seed, o.day, 9);
  const stamp = `2026-12-${pad(o.day, 2)}T0${rng.int(9)}:${pad(rng.int(60), 2)}:00`;
  const seen = new Set<number>();
  const objects: string[] = [];
  const created = Math.round(o.count * 0.05);
  for (let k = 0; objects.length < o.count; k++) {
    const fresh = k < created;
    const i = fresh ? o.units + o.day * 100_000 + k : rng.int(o.units);
    if (seen.has(i)) continue;
    seen.add(i);
    const u = { ...franceUnit(o.seed, i), updated: stamp };
    if (fresh) u.created = stamp.slice(0, 10);
    const change = rng.next();
    if (kind === 'ul') {
      const row = unitFields(u);
      if (!fresh && change < 0.3) row[ulCol('etatAdministratifUniteLegale')] = u.ceased ? 'A' : 'C';
      else if (!fresh && change < 0.6)
        row[ulCol('trancheEffectifsUniteLegale')] = rng.pick(['01', '02', '03', '11', '12']);
      else if (!fresh && !u.natural)
        row[ulCol('denominationUniteLegale')] = `${u.name} ${madeUpWord(rng)}`;
      objects.push(JSON.stringify(apiObject(UL_HEADER, row, 'ul')));
    } else {
      const rows = establishmentFields(u);
      const row = rows[fresh ? 0 : rng.int(rows.length)]!;
      if (!fresh && change < 0.4) row[etCol('etatAdministratifEtablissement')] = 'F';
      else if (!fresh && change < 0.7)
        row[etCol('numeroVoieEtablissement')] = String(1 + rng.int(150));
      else if (!fresh)
        row[etCol('enseigne1Etablissement')] = `${rng.zipf(TRADE_WORDS)} ${madeUpWord(rng)}`;
      objects.push(JSON.stringify(apiObject(ET_HEADER, row, 'et')));
    }
  }
  const list = kind === 'ul' ? 'unitesLegales' : 'etablissements';
  await sink.write(
    `{"header":{"statut":200,"message":"OK","total":${objects.length},"debut":0,"nombre":${objects.length}},"${list}":[\n`,
  );
  for (let k = 0; k < objects.length; k++) await sink.write(`${k ? ',\n' : ''}${objects[k]}`);
  await sink.write('\n]}\n');
  await sink.end();
  return objects.length;
}
