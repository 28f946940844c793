/**
 * Audit of the data served against the sample files (issue 16): for every field a source states,
 * does the API (src/registry/api.ts, the same answers as /api/companies/…) serve that value?
 * Compares the recherche-entreprises answers (identity, head office, counts, capital, directors,
 * collective agreements, labels, finances), the ratios file (accounts per year and type) and the
 * BODACC API notices, and the search results against the page (state, counts, main director).
 * A value the source marks non-diffusible is not expected; a value corrected
 * at import (a unit slip) agrees when the published value is the one kept beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@/db/client';
import { getCompanyApi, getCompanySectionApi } from '@/public-api/registry-handlers';
import { parseCourt } from '@/registry/courts';
import { searchCompanies } from '@/search/companies';
import { SAMPLES_DIR } from './seed';
import { LABEL_FLAGS } from './recherche/import';
import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { decodeCharRefs } from './bodacc/xml';

type Json = Record<string, unknown>;
export type FieldAudit = { field: string; agree: number; total: number; misses: string[] };
export type AuditReport = { fields: FieldAudit[]; agree: number; total: number; ratio: number };

const ND = '[NON-DIFFUSIBLE]';

async function api(db: Db, siren: string, section?: string): Promise<unknown> {
  const r = section
    ? await getCompanySectionApi(db, siren, section, new URLSearchParams())
    : await getCompanyApi(db, siren, new URLSearchParams());
  if (r.status !== 200) return null;
  return (r.body as { data: { data: unknown } }).data.data;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/** Newest answer per SIREN over every recherche-entreprises file. */
function rechercheResults(dir: string): Map<string, Json> {
  const out = new Map<string, Json>();
  const folder = path.join(dir, 'recherche-entreprises');
  for (const f of readdirSync(folder).filter((x) => x.endsWith('.json'))) {
    const doc = readJson(path.join(folder, f)) as { result?: { results?: Json[] } };
    for (const r of doc.result?.results ?? []) {
      const siren = String(r.siren);
      const prev = out.get(siren);
      if (!prev || String(r.date_mise_a_jour ?? '') >= String(prev.date_mise_a_jour ?? ''))
        out.set(siren, r);
    }
  }
  return out;
}

export async function auditSample(db: Db, dir = SAMPLES_DIR): Promise<AuditReport> {
  const fields = new Map<string, FieldAudit>();
  const check = (field: string, key: string, expected: unknown, served: unknown) => {
    if (expected === null || expected === undefined || expected === ND || expected === '') return;
    const f = fields.get(field) ?? { field, agree: 0, total: 0, misses: [] };
    fields.set(field, f);
    f.total++;
    const same = JSON.stringify(expected) === JSON.stringify(served);
    if (same) f.agree++;
    else if (f.misses.length < 10)
      f.misses.push(`${key}: source ${JSON.stringify(expected)}, servi ${JSON.stringify(served)}`);
  };

  for (const [siren, r] of rechercheResults(dir)) {
    const p = (await api(db, siren)) as Json | null;
    if (!p) {
      check('entreprise servie', siren, true, false);
      continue;
    }
    check('entreprise servie', siren, true, true);
    const isProtected = p.protected === true;
    const identityFromSirene = (p.sources as Json).identity
      ? ((p.sources as Json).identity as Json).source === 'sirene'
      : false;
    const siege = (r.siege ?? {}) as Json;
    if (!identityFromSirene) {
      if (!isProtected) check('dénomination', siren, r.nom_raison_sociale ?? null, p.name);
      check('forme juridique', siren, r.nature_juridique, (p.legalForm as Json).code);
      check('code NAF', siren, r.activite_principale, (p.naf as Json).code);
      check('date de création', siren, r.date_creation, p.creationDate);
      check('catégorie', siren, r.categorie_entreprise, (p.category as Json).code);
      check('tranche d’effectif', siren, r.tranche_effectif_salarie, (p.headcount as Json).band);
      if (r.etat_administratif)
        check('état', siren, r.etat_administratif === 'A', p.state === 'active');
      check('SIRET du siège', siren, siege.siret, p.headOfficeSiret);
    }
    const ho = p.headOffice as Json | null;
    const address = (ho?.address ?? null) as Json | null;
    if (address && !address.masked) {
      check('code postal du siège', siren, siege.code_postal, address.postcode);
      const number = [siege.numero_voie, siege.dernier_numero_voie]
        .filter((x) => x && x !== ND)
        .filter((x, i, a) => a.indexOf(x) === i)
        .join('-');
      if (number)
        check(
          'numéro de voie du siège',
          siren,
          true,
          (address.lines as string[]).some((l) => l.startsWith(`${number} `)),
        );
      if (siege.libelle_commune_etranger)
        check(
          'ville étrangère du siège',
          siren,
          true,
          (address.lines as string[]).some((l) =>
            l.includes(String(siege.libelle_commune_etranger)),
          ),
        );
    }
    const counts = p.establishmentCounts as Json;
    check('nombre d’établissements', siren, r.nombre_etablissements, counts.total);
    check('établissements ouverts', siren, r.nombre_etablissements_ouverts, counts.open);
    const immat = (r.immatriculation ?? null) as Json | null;
    if (immat && typeof immat.capital_social === 'number')
      check('capital', siren, immat.capital_social, (p.capital as Json | null)?.amount ?? null);
    if (immat?.date_immatriculation)
      check(
        'date d’immatriculation',
        siren,
        immat.date_immatriculation,
        (p.rcs as Json | null)?.registrationDate ?? null,
      );

    if (!(isProtected && p.isNaturalPerson)) {
      const reps = (await api(db, siren, 'representatives')) as { items: Json[] };
      const fromAnswer = reps.items.filter(
        (x) => (x.source as Json).source === 'recherche-entreprises',
      );
      const listed = ((r.dirigeants ?? []) as Json[]).filter(
        (d) => (d.nom && d.nom !== ND) || d.denomination || d.siren,
      );
      if (!reps.items.some((x) => (x.source as Json).source === 'rne'))
        check('nombre de dirigeants', siren, listed.length, fromAnswer.length);
      for (const d of listed) {
        const role = (d.qualite as string | null) ?? 'Qualité non précisée';
        check(
          'qualité des dirigeants',
          `${siren} ${String(d.nom ?? d.denomination)}`,
          true,
          fromAnswer.some((x) => x.role === role),
        );
      }
    }

    // The search results answer from the page's read model: same state, counts, main director.
    const found = await searchCompanies(db, { q: siren });
    const hit = found.ok ? found.value.results.find((x) => x.siren === siren) : undefined;
    check('recherche : état de la fiche', siren, p.stateLabel, hit?.stateLabel ?? null);
    check(
      'recherche : établissements ouverts',
      siren,
      p.openEstablishments,
      hit?.openEstablishments ?? null,
    );
    const main = ((await api(db, siren, 'representatives')) as { main: Json | null } | null)?.main;
    check(
      'recherche : dirigeant principal',
      siren,
      main ? { name: main.name, role: main.role } : 'aucun',
      hit ? (hit.mainDirector ?? 'aucun') : null,
    );

    const compl = (r.complements ?? {}) as Json;
    const agreements = (await api(db, siren, 'agreements')) as Json[];
    for (const idcc of (compl.liste_idcc as string[] | undefined) ?? [])
      check(
        'convention collective (IDCC)',
        `${siren} ${idcc}`,
        true,
        agreements.some((a) => a.idcc === idcc.padStart(4, '0')),
      );
    const labels = ((await api(db, siren, 'labels')) ?? []) as Json[];
    for (const [code, flag] of LABEL_FLAGS)
      if (compl[flag] === true)
        check(
          'labels et certifications',
          `${siren} ${code}`,
          true,
          labels.some((l) => l.code === code && (l.source as Json).date),
        );

    const fin = (r.finances ?? {}) as Record<string, Json>;
    const years = ((await api(db, siren, 'balance-sheets')) ?? []) as Json[];
    for (const [year, v] of Object.entries(fin)) {
      const y = years.find(
        (x) =>
          x.fiscalYear === Number(year) && (x.source as Json).source === 'recherche-entreprises',
      );
      check('chiffre d’affaires (Annuaire)', `${siren} ${year}`, v.ca, y?.revenue ?? null);
    }
  }

  // Ratios (INPI/BCE): revenue and net result per year and accounts type.
  for (const f of readdirSync(path.join(dir, 'finances')).filter((x) => x.endsWith('.json'))) {
    const doc = readJson(path.join(dir, 'finances', f)) as { records?: Array<{ fields: Json }> };
    for (const { fields: rec } of doc.records ?? []) {
      const siren = String(rec.siren);
      const years = ((await api(db, siren, 'balance-sheets')) ?? []) as Json[];
      const series = rec.type_bilan === 'K' ? 'consolidated' : 'company';
      const y = years.find(
        (x) =>
          x.closingDate === rec.date_cloture_exercice &&
          x.series === series &&
          (x.source as Json).source === 'inpi-ratios',
      );
      const key = `${siren} ${String(rec.date_cloture_exercice)} ${String(rec.type_bilan)}`;
      // A unit corrected at import agrees when the served value is the published one in euros.
      const revenue = y?.revenue as number | null | undefined;
      const published = rec.chiffre_d_affaires as number;
      const corrected = ((y?.flags as string[] | undefined) ?? []).includes('unit-thousands');
      check(
        'chiffre d’affaires (ratios)',
        key,
        corrected ? published * 1000 : published,
        revenue ?? null,
      );
      const net = rec.resultat_net as number;
      // 0 with a large revenue means « not given » in this dataset: served as null.
      check('résultat net (ratios)', key, net === 0 ? null : net, y?.netResult ?? null);
      check(
        'date de la source (ratios)',
        key,
        true,
        (y?.source as Json | undefined)?.date === '2024-12-12',
      );
    }
  }

  // BODACC API notices: court, date, correction state.
  for (const f of readdirSync(path.join(dir, 'bodacc')).filter((x) => x.endsWith('.json'))) {
    const doc = readJson(path.join(dir, 'bodacc', f)) as { records?: Array<{ fields: Json }> };
    for (const { fields: rec } of doc.records ?? []) {
      const siren = String(rec.registre ?? '')
        .split(',')[0]!
        .replace(/\s/g, '');
      const list = (await api(db, siren, 'commercial-advertisements')) as { items: Json[] } | null;
      const n = list?.items.find((x) => x.id === rec.id);
      check('annonce BODACC servie', String(rec.id), true, !!n);
      if (!n) continue;
      check('date de parution', String(rec.id), rec.dateparution, n.publishedAt);
      check('tribunal', String(rec.id), parseCourt(String(rec.tribunal))?.label, n.court);
      const leaves = Object.entries(rec).filter(
        ([, v]) => typeof v === 'string' || typeof v === 'number',
      );
      const shown = new Set((n.fields as Json[]).map((x) => String(x.value)));
      for (const [k, v] of leaves)
        if (typeof v === 'number' || !/^[[{]/.test(v as string))
          check('champs de l’annonce', `${String(rec.id)} ${k}`, true, shown.has(String(v)));
    }
  }

  // BODACC XML issues: every notice served, with every field of the notice.
  const xml = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true });
  const served = new Map<string, Map<string, Json>>();
  const noticesOf = async (siren: string) => {
    let m = served.get(siren);
    if (m) return m;
    m = new Map();
    for (let page = 1; page < 1000; page++) {
      const r = await getCompanySectionApi(
        db,
        siren,
        'commercial-advertisements',
        new URLSearchParams({ page: String(page) }),
      );
      if (r.status !== 200) break;
      const items = (r.body as { data: { data: { items: Json[] } } }).data.data.items;
      for (const n of items) m.set(String(n.id), n);
      if (items.length < 50) break;
    }
    served.set(siren, m);
    return m;
  };
  const leaves = (v: unknown, key = ''): string[] => {
    if (v === null || v === undefined) return [];
    if (Array.isArray(v)) return v.flatMap((x) => leaves(x, key));
    if (typeof v === 'object') {
      const e = Object.entries(v as Json);
      return e.length ? e.flatMap(([k, x]) => leaves(x, k)) : [key];
    }
    return String(v).trim() ? [String(v).trim()] : [key];
  };
  const newestOffice = new Map<string, { id: string; postcode: string; p: Json }>();
  for (const f of readdirSync(path.join(dir, 'bodacc'))
    .filter((x) => /\.xml(\.gz)?$/.test(x))
    .sort()) {
    const raw = readFileSync(path.join(dir, 'bodacc', f));
    const text = (f.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
    const parution = /<parution>\s*(\d+)\s*<\/parution>/.exec(text)?.[1];
    for (const m of text.matchAll(/<avis>[\s\S]*?<\/avis>/g)) {
      const a = (xml.parse(decodeCharRefs(m[0])) as { avis: Json }).avis;
      const id = `A${parution}${String(a.numeroAnnonce)}`;
      const person = JSON.stringify(a.personnes ?? {});
      const siren = /"numeroIdentification":"([\d ]+)"/.exec(person)?.[1]?.replace(/\s/g, '');
      if (!siren || !/^\d{9}$/.test(siren)) continue;
      const p = (await api(db, siren)) as Json | null;
      // Issue 28: a company known from its notices alone shows the head office the newest one
      // gives (checked after the loop), and no name keeps an undecoded character reference.
      const pm = (a.personnes as Json | undefined)?.personne as Json | undefined;
      const office = ((pm?.adresse as Json | undefined)?.france ?? null) as Json | null;
      if (p && pm?.personneMorale && office?.codePostal && !p.headOffice)
        newestOffice.set(siren, { id, postcode: String(office.codePostal), p });
      if (p && typeof p.name === 'string')
        check('références de caractères décodées', siren, true, !/&#/.test(p.name));
      // A protected natural person's notices are listed without their text: nothing to compare.
      if (p?.protected === true && p.isNaturalPerson === true) continue;
      const n = (await noticesOf(siren)).get(id);
      check('annonce BODACC servie', id, true, !!n);
      if (!n) continue;
      const shown = new Set((n.fields as Json[]).map((x) => String(x.value)));
      const missing = leaves(a).filter((l) => !shown.has(l));
      check('champs de l’annonce', id, true, missing.length === 0);
      if ('rectificatif' in ((a.typeAnnonce as Json | undefined) ?? {}))
        check(
          'rectificatif signalé et relié',
          id,
          true,
          n.noticeType === 'rectificatif' && !!n.corrects,
        );
      for (const e of ([] as Json[]).concat((a.etablissement as Json | Json[] | undefined) ?? [])) {
        if (e.adresse)
          check(
            'adresse de l’établissement',
            id,
            true,
            String(n.text).includes("Adresse de l'établissement : "),
          );
        if (typeof e.activite === 'string')
          check('activité', id, true, String(n.text).includes(e.activite.trim()));
      }
      check('tribunal', id, parseCourt(String(a.tribunal))?.label ?? null, n.court);
    }
  }

  for (const { id, postcode, p } of newestOffice.values())
    check(
      'siège donné par l’annonce (sans SIRET)',
      id,
      true,
      (
        ((p.headOfficeAddress as Json | null)?.address as Json | undefined)?.lines as
          string[] | undefined
      )?.some((l) => l.startsWith(postcode)) ?? false,
    );

  // INSEE API establishment answers: each diffusible unit's identity (issue 28).
  const units = new Map<string, Json>();
  for (const f of readdirSync(path.join(dir, 'sirene')).filter((x) =>
    /^api_results\.json$|^etablissement\.json$/.test(x),
  )) {
    const doc = readJson(path.join(dir, 'sirene', f));
    for (const e of ([] as Json[]).concat((doc as Json[] | Json) ?? [])) {
      const ul = e.uniteLegale as Json | undefined;
      if (ul && ul.statutDiffusionUniteLegale === 'O') units.set(String(e.siren), ul);
    }
  }
  for (const [siren, ul] of units) {
    const p = (await api(db, siren)) as Json | null;
    check('unité légale des réponses établissement (API Sirene)', siren, true, !!p);
    if (!p) continue;
    check(
      'forme juridique (API Sirene)',
      siren,
      ul.categorieJuridiqueUniteLegale,
      (p.legalForm as Json).code,
    );
    check('date de création (API Sirene)', siren, ul.dateCreationUniteLegale, p.creationDate);
    check(
      'dénomination renseignée (API Sirene)',
      siren,
      true,
      p.displayName !== 'Dénomination non renseignée',
    );
  }

  // A state no source gives is not « inactive »: active is null (issue 28).
  for (const siren of rechercheResults(dir).keys()) {
    const p = (await api(db, siren)) as Json | null;
    if (p?.state === 'unknown')
      check('état inconnu : active vaut null', siren, null === p.active, true);
  }

  const list = [...fields.values()];
  const agree = list.reduce((a, f) => a + f.agree, 0);
  const total = list.reduce((a, f) => a + f.total, 0);
  return { fields: list, agree, total, ratio: total ? agree / total : 1 };
}
