/**
 * Places of France for the search (server only: the official lists weigh 12 MB): communes by
 * INSEE code and by name, EPCI members, and the place at the end of a query (« danone paris »,
 * « boulangerie lyon », « garage 69003 », « plombier 2A »). From @etalab/decoupage-administratif,
 * loaded once per process on first use.
 */
import { createRequire } from 'node:module';
import { foldName } from '../normalize';
import { departmentOfCommune as departmentOf } from '@/domain/reference/departments';

type CommuneJson = {
  code: string;
  nom: string;
  type: string;
  commune?: string;
  departement?: string;
  codesPostaux?: string[];
  population?: number;
};
type EpciJson = { code: string; nom: string; membres: Array<{ code: string }> };

export type Commune = { code: string; name: string; department: string; population: number };

/** A place found in a query: the SQL constraint it stands for and how to say it. */
export type Place =
  | { kind: 'communes'; codes: string[]; label: string }
  | { kind: 'department'; code: string; label: string }
  | { kind: 'postcode'; code: string; label: string };

type Tables = {
  byCode: Map<string, Commune>;
  /** Paris, Lyon, Marseille → their arrondissements (SIRENE codes establishments by these). */
  arrondissements: Map<string, string[]>;
  byName: Map<string, Commune[]>;
  epcis: Map<string, { name: string; members: string[] }>;
  /** Commune code (arrondissements too) → the SIREN of its EPCI. */
  epciOf: Map<string, string>;
  departments: Map<string, string>;
  /** Department code → its region's code. */
  regionOf: Map<string, string>;
};

let tables: Tables | null = null;

function load(): Tables {
  if (tables) return tables;
  const require = createRequire(import.meta.url);
  const communes = require('@etalab/decoupage-administratif/data/communes.json') as CommuneJson[];
  const epcis = require('@etalab/decoupage-administratif/data/epci.json') as EpciJson[];
  const deps = require('@etalab/decoupage-administratif/data/departements.json') as Array<{
    code: string;
    nom: string;
    region?: string;
  }>;
  const t: Tables = {
    byCode: new Map(),
    arrondissements: new Map(),
    byName: new Map(),
    epcis: new Map(),
    epciOf: new Map(),
    departments: new Map(deps.map((d) => [d.code, d.nom])),
    regionOf: new Map(deps.flatMap((d) => (d.region ? [[d.code, d.region] as const] : []))),
  };
  for (const c of communes) {
    if (c.type !== 'commune-actuelle' && c.type !== 'arrondissement-municipal') continue;
    const commune: Commune = {
      code: c.code,
      name: c.nom,
      department: c.departement ?? '',
      population: c.population ?? 0,
    };
    t.byCode.set(c.code, commune);
    if (c.type === 'arrondissement-municipal' && c.commune) {
      const list = t.arrondissements.get(c.commune) ?? [];
      list.push(c.code);
      t.arrondissements.set(c.commune, list);
      continue;
    }
    const key = foldName(c.nom);
    const same = t.byName.get(key) ?? [];
    same.push(commune);
    t.byName.set(key, same);
  }
  tables = t;
  for (const e of epcis) {
    t.epcis.set(e.code, { name: e.nom, members: e.membres.map((m) => m.code) });
    for (const m of e.membres)
      for (const c of withArrondissements(t, m.code)) t.epciOf.set(c, e.code);
  }
  return t;
}

/** The INSEE codes establishments carry for a commune: itself, and its arrondissements. */
function withArrondissements(t: Tables, code: string): string[] {
  return [code, ...(t.arrondissements.get(code) ?? [])];
}

/** Commune codes → the codes to match; the unknown ones listed. */
export function resolveCommunes(codes: string[]): { codes: string[]; unknown: string[] } {
  const t = load();
  const unknown = codes.filter((c) => !t.byCode.has(c));
  return { codes: [...new Set(codes.flatMap((c) => withArrondissements(t, c)))], unknown };
}

/** EPCI SIRENs → their member communes' codes; the unknown ones listed. */
export function resolveEpcis(sirens: string[]): { codes: string[]; unknown: string[] } {
  const t = load();
  const unknown = sirens.filter((s) => !t.epcis.has(s));
  const codes = sirens.flatMap((s) =>
    (t.epcis.get(s)?.members ?? []).flatMap((c) => withArrondissements(t, c)),
  );
  return { codes: [...new Set(codes)], unknown };
}

/**
 * A commune given by code or by name (the most populated of that name, and « paris 15 » style
 * arrondissements are their own commune names): its codes, name and department.
 */
export function findCommune(input: string): { codes: string[]; commune: Commune } | null {
  const t = load();
  const v = input.trim().toUpperCase();
  const byCode = t.byCode.get(v);
  if (byCode) return { codes: withArrondissements(t, v), commune: byCode };
  const same = t.byName.get(foldName(input));
  if (!same?.length) return null;
  const best = [...same].sort((a, b) => b.population - a.population)[0]!;
  return { codes: withArrondissements(t, best.code), commune: best };
}

/**
 * The place a query ends with, and the words before it: a postcode, a department number (only
 * after a word: « 75 » alone is a query of its own), or a commune name of 1 to 3 words (all the
 * communes of that name: « saint denis » is in the 93 and in La Réunion). Null when the query is
 * only a place, or has no place at its end.
 */
export function splitPlace(tokens: string[]): { rest: string[]; place: Place } | null {
  if (tokens.length < 2) return null;
  const t = load();
  const last = tokens[tokens.length - 1]!;
  const before = tokens.slice(0, -1);
  if (/^\d{5}$/.test(last) && /^(0[1-9]|[1-8]\d|9[0-5]|2[0ab]|97)/.test(last))
    return { rest: before, place: { kind: 'postcode', code: last, label: last } };
  const dep = last.toUpperCase();
  if (/^(\d{2}|2[AB]|97\d)$/.test(dep) && t.departments.has(dep))
    return {
      rest: before,
      place: { kind: 'department', code: dep, label: `${t.departments.get(dep)} (${dep})` },
    };
  for (let n = Math.min(3, tokens.length - 1); n >= 1; n--) {
    const name = tokens.slice(-n).join(' ');
    const same = t.byName.get(name);
    if (!same?.length) continue;
    const best = [...same].sort((a, b) => b.population - a.population)[0]!;
    return {
      rest: tokens.slice(0, -n),
      place: {
        kind: 'communes',
        codes: [...new Set(same.flatMap((c) => withArrondissements(t, c.code)))],
        label: best.name,
      },
    };
  }
  return null;
}

/** The department of a commune code (2A/2B for Corsica, 3 digits overseas): the domain's rule. */
export function departmentOfCommune(code: string): string {
  return departmentOf(code) ?? '';
}

/** The EPCI (its SIREN) and the region of a commune code; null when the lists do not know it. */
export function communeAreas(code: string | null): { epci: string | null; region: string | null } {
  if (!code) return { epci: null, region: null };
  const t = load();
  return {
    epci: t.epciOf.get(code) ?? null,
    // Overseas collectivities (975, 977, 978…) belong to no region.
    region:
      Number(departmentOfCommune(code)) > 976
        ? null
        : (t.regionOf.get(departmentOfCommune(code)) ?? null),
  };
}
