/**
 * Answers of the public search API (recherche-entreprises.api.gouv.fr):
 * `{searchTerms, result: {results: [...]}}`, or the bare `{results: [...]}`. Each result gives a
 * company with its head office, matching establishments, directors, finances and agreements.
 * The API marks partially diffused data "[NON-DIFFUSIBLE]": stored as null, diffusion P.
 */
import { birthMonthYear, parseDiffusion } from '@/domain/diffusion';
import { personKey } from '@/domain/person';
import { parseSiren, parseSiret } from '@/domain/siren';
import { first, node, str, type Node } from '../bodacc/notice';
import { roleCodeOf } from '../bodacc/administration';
import { insertElectedOfficials, type ElectedRow } from '../core/elected';
import { ImportError } from '../core/errors';
import { readJson } from '../core/json';
import {
  agreementWriter,
  companyAgreementWriter,
  financialWriter,
  labelWriter,
  type AgreementRow,
  type CompanyAgreementRow,
  type FinancialRow,
  type LabelRow,
} from '../core/company-records-writers';
import { DirectorWriter, type DirectorRow } from '../core/directors-writer';
import {
  establishmentWriter,
  fillEstablishmentPositions,
  type EstablishmentPatch,
} from '../core/establishments-writer';
import { CompanyMerger, type CompanyPatch } from '../core/merge';
import { companyDirector } from '../core/directors';
import type { Importer } from '../core/run';
import { CoverageTracker } from '../core/coverage';
import { numberRange } from '../sirene/etablissement';

const ND = '[NON-DIFFUSIBLE]';
const s = (v: unknown): string | null => {
  const x = str(v);
  return x === ND ? null : x;
};
const flagOf = (v: unknown): boolean | null => (v === 'O' ? true : v === 'N' ? false : null);

function establishment(
  e: Node,
  date: string | null,
  diffusion: 'O' | 'P',
): EstablishmentPatch | null {
  const siret = parseSiret(str(e.siret));
  if (!siret) return null;
  const d = parseDiffusion(str(e.statut_diffusion_etablissement)) ?? diffusion;
  const signs = Array.isArray(e.liste_enseignes)
    ? (e.liste_enseignes as unknown[]).map(s).filter((x): x is string => !!x)
    : [];
  if (s(e.nom_commercial)) signs.push(s(e.nom_commercial)!);
  return {
    siret,
    diffusion: d,
    isHeadOffice: e.est_siege === true,
    status: str(e.etat_administratif) === 'F' ? 'F' : 'A',
    creationDate: s(e.date_creation),
    closedDate: s(e.date_fermeture),
    signs,
    nafCode: s(e.activite_principale),
    headcountBand: s(e.tranche_effectif_salarie),
    addressNumber: numberRange(s(e.numero_voie), s(e.dernier_numero_voie)),
    addressRepetition: s(e.indice_repetition),
    addressStreetType: s(e.type_voie),
    addressStreet: s(e.libelle_voie),
    addressComplement: s(e.complement_adresse),
    postcode: s(e.code_postal),
    communeCode: s(e.commune),
    communeName: s(e.libelle_commune),
    foreignCity: s(e.libelle_commune_etranger),
    foreignCountry: s(e.libelle_pays_etranger),
    source: 'recherche-entreprises',
    date: s(e.date_mise_a_jour_insee) ?? date,
  };
}

export type ResultParts = {
  company: CompanyPatch;
  establishments: EstablishmentPatch[];
  directors: { siren: string; date: string | null; directors: DirectorRow[] };
  financials: FinancialRow[];
  agreements: AgreementRow[];
  companyAgreements: CompanyAgreementRow[];
  labels: LabelRow[];
  /** The local authority's elected officials (`complements.collectivite_territoriale.elus`). */
  elus: ElectedRow[];
  /** Positions the answer gives its establishments (`latitude`/`longitude`, WGS84). */
  positions: Array<{ siret: string; latitude: number; longitude: number }>;
  /** The answer's own date. */
  answerDate: string | null;
};

/**
 * The labels and certifications of `complements` (and the identifiers the establishments carry),
 * under our own codes: what the Annuaire des Entreprises shows as badges. `true` flags only.
 */
export const LABEL_FLAGS: Array<[code: string, flag: string, details?: string[]]> = [
  ['rge', 'est_rge'],
  ['qualiopi', 'est_qualiopi'],
  ['organisme-formation', 'est_organisme_formation', ['liste_id_organisme_formation']],
  ['siae', 'est_siae', ['type_siae']],
  ['finess', 'est_finess', ['liste_finess_juridique']],
  ['bio', 'est_bio'],
  ['entrepreneur-spectacle', 'est_entrepreneur_spectacle', ['statut_entrepreneur_spectacle']],
  ['service-public', 'est_service_public'],
  ['administration', 'est_administration'],
  ['l100-3', 'est_l100_3'],
  ['egapro', 'egapro_renseignee'],
  ['bilan-ges', 'bilan_ges_renseigne'],
  ['uai', 'est_uai'],
  ['association', 'est_association', ['identifiant_association']],
  ['achats-responsables', 'est_achats_responsables'],
  ['alim-confiance', 'est_alim_confiance'],
  ['patrimoine-vivant', 'est_patrimoine_vivant'],
  ['avocat', 'est_avocat'],
  ['aide-minimis', 'a_aide_minimis'],
  ['aide-ademe', 'a_aide_ademe'],
];
/** Establishment-level identifier lists, added to the label's detail. */
const ESTABLISHMENT_IDS: Array<[code: string, list: string]> = [
  ['rge', 'liste_rge'],
  ['bio', 'liste_id_bio'],
  ['finess', 'liste_finess'],
  ['uai', 'liste_uai'],
  ['organisme-formation', 'liste_id_organisme_formation'],
];

export function readLabels(
  siren: string,
  compl: Node,
  etabs: Node[],
  date: string | null,
): LabelRow[] {
  const out: LabelRow[] = [];
  for (const [label, flag, details] of LABEL_FLAGS) {
    if (compl[flag] !== true) continue;
    const detail: Record<string, unknown> = {};
    for (const k of details ?? []) {
      const v = compl[k];
      if (v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0)) detail[k] = v;
    }
    for (const [code, list] of ESTABLISHMENT_IDS) {
      if (code !== label) continue;
      const ids = new Set<string>(Array.isArray(detail[list]) ? (detail[list] as string[]) : []);
      for (const e of etabs)
        for (const id of (e[list] as unknown[]) ?? []) if (str(id)) ids.add(str(id)!);
      if (ids.size) detail[list] = [...ids];
    }
    out.push({ siren, label, source: 'recherche-entreprises', sourceDate: date, detail });
  }
  const coll = node(compl.collectivite_territoriale);
  if (coll)
    out.push({
      siren,
      label: 'collectivite-territoriale',
      source: 'recherche-entreprises',
      sourceDate: date,
      detail: {
        code: coll.code ?? null,
        code_insee: coll.code_insee ?? null,
        niveau: coll.niveau ?? null,
        // Public elected officials (RNE des élus), birth as the API gives it: year and month.
        elus: Array.isArray(coll.elus) ? coll.elus : [],
      },
    });
  return out;
}

export function readResult(r: Node): ResultParts | { reason: string } {
  const siren = parseSiren(str(r.siren));
  if (!siren) return { reason: `SIREN absent ou mal formé : « ${str(r.siren) ?? ''} »` };
  const date = s(r.date_mise_a_jour_insee) ?? s(r.date_mise_a_jour);
  /** The answer's own date (the API's last update of the record): the date of what it alone says. */
  const answerDate = s(r.date_mise_a_jour) ?? date;
  const diffusion = parseDiffusion(str(r.statut_diffusion)) ?? 'O';
  const immat = node(r.immatriculation) ?? {};
  const compl = node(r.complements) ?? {};
  const nature = s(r.nature_juridique);
  const isPerson = nature === '1000' || compl.est_entrepreneur_individuel === true;
  const fields: CompanyPatch['fields'] = {
    diffusion,
    name: s(r.nom_raison_sociale) ?? s(r.nom_complet),
    sigle: s(r.sigle),
    is_natural_person: isPerson,
    legal_form_code: nature,
    naf_code: s(r.activite_principale),
    naf25_code: s(r.activite_principale_naf25),
    // An answer that states no state (an empty record) says nothing: no 'A' by default.
    status:
      str(r.etat_administratif) === 'C' ? 'C' : str(r.etat_administratif) === 'A' ? 'A' : null,
    creation_date: s(r.date_creation),
    ceased_date: s(r.date_fermeture),
    headcount_band: s(r.tranche_effectif_salarie),
    headcount_year: Number(s(r.annee_tranche_effectif_salarie)) || null,
    category: s(r.categorie_entreprise),
    category_year: Number(s(r.annee_categorie_entreprise)) || null,
    employer: flagOf(r.caractere_employeur),
    ess: typeof compl.est_ess === 'boolean' ? compl.est_ess : null,
    mission_company:
      typeof compl.est_societe_mission === 'boolean' ? compl.est_societe_mission : null,
    head_office_nic: parseSiret(str(node(r.siege)?.siret))?.slice(9) ?? null,
    open_establishments:
      typeof r.nombre_etablissements_ouverts === 'number' ? r.nombre_etablissements_ouverts : null,
    stated_establishments:
      typeof r.nombre_etablissements === 'number' ? r.nombre_etablissements : null,
    stated_open_establishments:
      typeof r.nombre_etablissements_ouverts === 'number' ? r.nombre_etablissements_ouverts : null,
    rcs_registration_date: s(immat.date_immatriculation),
    rcs_strike_off_date: s(immat.date_radiation),
  };
  if (typeof immat.capital_social === 'number') {
    fields.capital_amount = immat.capital_social;
    fields.capital_currency = s(immat.devise_capital) ?? 'EUR';
  }
  const etabNodes = [
    node(r.siege),
    ...((r.matching_etablissements as unknown[]) ?? []).map(node),
    ...((r.etablissements as unknown[]) ?? []).map(node),
  ];
  const establishments: EstablishmentPatch[] = [];
  const agreements: AgreementRow[] = [];
  const positions: ResultParts['positions'] = [];
  const seen = new Set<string>();
  for (const e of etabNodes) {
    if (!e) continue;
    const patch = establishment(e, date, diffusion);
    if (!patch || seen.has(patch.siret) || patch.siret.slice(0, 9) !== siren) continue;
    seen.add(patch.siret);
    establishments.push(patch);
    // Strings in the answers ("48.876352027085"); a hidden address has none ([NON-DIFFUSIBLE]).
    const lat = Number(s(e.latitude));
    const lon = Number(s(e.longitude));
    if (s(e.latitude) && s(e.longitude) && Number.isFinite(lat) && Number.isFinite(lon))
      positions.push({ siret: patch.siret, latitude: lat, longitude: lon });
    for (const idcc of (e.liste_idcc as unknown[]) ?? []) {
      const code = str(idcc);
      if (code && /^\d{1,4}$/.test(code))
        agreements.push({
          siret: patch.siret,
          idcc: code.padStart(4, '0'),
          month: null,
          updatedAt: answerDate,
          source: 'recherche-entreprises',
        });
    }
  }
  const directors: DirectorRow[] = [];
  for (const raw of (r.dirigeants as unknown[]) ?? []) {
    const d = node(raw);
    if (!d) continue;
    const role = s(d.qualite);
    if (str(d.type_dirigeant) === 'personne morale') {
      if (!s(d.denomination) && !parseSiren(str(d.siren))) continue;
      directors.push(
        companyDirector({
          roleCode: role ? roleCodeOf(role) : null,
          roleLabel: role,
          directorSiren: parseSiren(str(d.siren)),
          companyName: s(d.denomination),
        }),
      );
    } else {
      const birth = birthMonthYear(s(d.date_de_naissance) ?? s(d.annee_de_naissance));
      const lastName = s(d.nom);
      const firstNames = s(d.prenoms);
      if (!lastName) continue;
      directors.push({
        kind: 'person',
        roleCode: role ? roleCodeOf(role) : null,
        roleLabel: role,
        lastName,
        usageName: null,
        firstNames,
        birthYear: birth?.year ?? null,
        birthMonth: birth?.month ?? null,
        nationality: s(d.nationalite),
        directorSiren: null,
        companyName: null,
        startDate: null,
        personKey: personKey(lastName, firstNames, birth?.year ?? null, birth?.month ?? null),
      });
    }
  }
  const financials: FinancialRow[] = [];
  for (const [yearKey, v] of Object.entries(node(r.finances) ?? {})) {
    const f = node(v);
    if (!f || !/^\d{4}$/.test(yearKey)) continue;
    financials.push({
      siren,
      closingDate: `${yearKey}-12-31`,
      fiscalYear: Number(yearKey),
      accountsType: '',
      revenue: typeof f.ca === 'number' ? f.ca : null,
      netResult: typeof f.resultat_net === 'number' ? f.resultat_net : null,
      ebitda: null,
      ratios: {},
      source: 'recherche-entreprises',
      sourceDate: answerDate,
    });
  }
  const companyAgreements: CompanyAgreementRow[] = [];
  for (const idcc of (compl.liste_idcc as unknown[]) ?? []) {
    const code = str(idcc);
    if (code && /^\d{1,4}$/.test(code))
      companyAgreements.push({
        siren,
        idcc: code.padStart(4, '0'),
        source: 'recherche-entreprises',
        sourceDate: answerDate,
      });
  }
  const coll = node(compl.collectivite_territoriale);
  const elus: ResultParts['elus'] = [];
  for (const raw of (coll?.elus as unknown[]) ?? []) {
    const e = node(raw);
    const lastName = s(e?.nom);
    if (!e || !lastName || !s(coll?.code)) continue;
    const birth = birthMonthYear(s(e.annee_de_naissance));
    const sex = s(e.sexe);
    elus.push({
      colterCode: s(coll!.code)!,
      lastName,
      firstNames: s(e.prenoms),
      birthYear: birth?.year ?? null,
      birthMonth: birth?.month ?? null,
      sex: sex === 'M' || sex === 'F' ? sex : null,
      function: s(e.fonction),
    });
  }
  return {
    elus,
    company: { siren, source: 'recherche-entreprises', date, fields },
    establishments,
    directors: { siren, date: s(r.date_mise_a_jour_rne) ?? date, directors },
    financials,
    agreements,
    companyAgreements,
    answerDate,
    positions,
    labels: readLabels(
      siren,
      compl,
      etabNodes.filter((e): e is Node => !!e),
      answerDate,
    ),
  };
}

export const rechercheImporter: Importer = {
  zipEntries: ['.json'],
  async run(ctx) {
    const doc: Node = node(await readJson(ctx.input)) ?? {};
    const result = node(doc.result) ?? doc;
    if (!Array.isArray(result.results))
      throw new ImportError(
        `${ctx.input.name} : réponse de l'API Recherche d'entreprises attendue ({ result: { results: [...] } }).`,
      );
    const parts: ResultParts[] = [];
    (result.results as unknown[]).forEach((r, i) => {
      ctx.read++;
      const p = readResult(node(r) ?? {});
      if ('reason' in p) ctx.reject(i + 1, p.reason);
      else parts.push(p);
    });
    ctx.count('companies', await new CompanyMerger(ctx.conn).merge(parts.map((p) => p.company)));
    ctx.touch(parts.map((p) => p.company.siren));
    ctx.count(
      'establishments',
      await establishmentWriter(ctx.conn).write(parts.flatMap((p) => p.establishments)),
    );
    const moved = await fillEstablishmentPositions(
      ctx.conn,
      parts.flatMap((p) => p.positions),
    );
    if (moved.updated) ctx.count('establishment_positions', moved);
    ctx.count(
      'directors',
      await new DirectorWriter(ctx.conn, 'recherche-entreprises').write(
        parts.map((p) => p.directors),
      ),
    );
    const fin = parts.flatMap((p) => p.financials);
    if (fin.length) ctx.count('financials', await financialWriter(ctx.conn).write(fin));
    const ag = parts.flatMap((p) => p.agreements);
    if (ag.length) ctx.count('establishment_agreements', await agreementWriter(ctx.conn).write(ag));
    const sirens = [...new Set(parts.map((p) => p.company.siren))];
    const coverage = new CoverageTracker('recherche-entreprises');
    for (const p of parts) coverage.see(p.answerDate);
    await coverage.save(ctx.conn);
    ctx.count(
      'company_agreements',
      await companyAgreementWriter(ctx.conn).write(
        sirens,
        parts.flatMap((p) => p.companyAgreements),
        'recherche-entreprises',
      ),
    );
    // Élus as the answer lists them: this source's rows of these companies replaced.
    await ctx.conn.query(
      `DELETE FROM elected_officials WHERE source = 'recherche-entreprises' AND siren = ANY($1::text[])`,
      [sirens],
    );
    // One answer date per company: the élus are written company by company.
    for (const p of parts)
      await insertElectedOfficials(
        ctx.conn,
        p.elus.map((e) => ({ ...e, siren: p.company.siren })),
        { source: 'recherche-entreprises', date: p.answerDate },
      );
    const elus = parts.reduce((n, p) => n + p.elus.length, 0);
    if (elus) ctx.count('elected_officials', { inserted: elus, updated: 0, unchanged: 0 });
    ctx.count(
      'company_labels',
      await labelWriter(ctx.conn).write(
        sirens,
        parts.flatMap((p) => p.labels),
        'recherche-entreprises',
      ),
    );
    void first;
  },
};
