/**
 * Our companies in the answer shape of the government's search API (recherche-entreprises,
 * `results[]`): the same keys and types, from our read model. Every protection rule is the one of
 * our other APIs: the profile (src/registry/company.ts) hides a protected name and address, the
 * representatives (src/registry/directors.ts) leave out people who asked to be hidden, and a
 * director's birth is given as year and month only. The reads are the registry's (the companies'
 * dates and counts in src/registry/company.ts, their establishments and those matching the
 * searched SIRET or area in src/registry/establishments.ts); this file maps them to the State's
 * shape, masking an establishment by our diffusion rule. A few queries per page (per_page ≤ 25).
 */
import type { Db } from '@/db/client';
import { maskAddress } from '@/domain/diffusion';
import { nafSectionOf } from '@/domain/reference/naf';
import { listAgreements } from '@/registry/brands';
import { bodaccStanding } from '@/registry/notices';
import { addressPartsOfRow } from '@/registry/addresses';
import { getCompanyProfiles, type CompanyProfile } from '@/registry/company';
import { getCompanyUpdates } from '@/registry/company-updates';
import { listCompanyLabels, type CompanyLabelView } from '@/registry/company-labels';
import { listRepresentatives, ROLE_NOT_STATED } from '@/registry/directors';
import {
  establishmentDetailsPage,
  getEstablishmentDetails,
  matchingEstablishments,
  type EstablishmentArea,
  type EstablishmentDetailRow as EstRow,
} from '@/registry/establishments';
import { headlineYears, listFinancials } from '@/registry/finances';
import { communeAreas } from '@/search/geo/places';
import type { IncludeField } from './params';
import { departmentOfCommune } from '@/domain/reference/departments';

/** Which establishments « match » a result: a SIRET searched, else those in the searched area. */
export type MatchScope = EstablishmentArea & {
  /** A SIREN query: no establishment « matches » (the government's answer), none given. */
  none: boolean;
  /** The SIRET a result matched by (a SIRET query). */
  matchedSiret: Map<string, string>;
};

const yesNo = (v: boolean | null | undefined) => (v == null ? null : v ? 'O' : 'N');
const str = (v: number | null | undefined) => (v == null ? null : String(v));

/** One establishment in the government's shape, masked by our diffusion rule. */
function establishment(
  row: EstRow,
  company: CompanyProfile,
  labels: CompanyLabelView[],
  idcc: string[],
  context: 'siege' | 'matching' | 'list',
) {
  const hidden = company.protected || row.diffusion !== 'O';
  const a = hidden ? maskAddress(addressPartsOfRow(row)) : addressPartsOfRow(row);
  const hideSigns = hidden && company.isNaturalPerson;
  const numbers = (a.addressNumber ?? '').split('-');
  const adresse =
    [
      a.addressComplement,
      a.addressNumber,
      a.addressRepetition,
      a.addressStreetType,
      a.addressStreet,
      a.addressPostBox,
      a.postcode,
      a.communeName ?? a.foreignCity,
      a.foreignCountry,
    ]
      .filter((x) => x && x.trim())
      .join(' ') || null;
  const areas = communeAreas(row.commune_code);
  const lat = hidden || row.latitude == null ? null : String(row.latitude);
  const lon = hidden || row.longitude == null ? null : String(row.longitude);
  const detail = (code: string, key: string): string[] | null => {
    const found = labels.find((l) => l.code === code);
    const raw = found?.details.find((d) => d.startsWith(`${key} : `));
    return raw ? raw.slice(key.length + 3).split(', ') : null;
  };
  const signs = hideSigns ? [] : (row.signs ?? []).filter(Boolean);
  const common = {
    activite_principale: row.naf_code,
    activite_principale_naf25: null,
    adresse,
    annee_tranche_effectif_salarie: str(row.headcount_year),
    caractere_employeur: yesNo(row.employer),
    code_postal: a.postcode,
    commune: a.communeCode,
    date_creation: row.creation_date,
    date_debut_activite: null,
    date_fermeture: row.closed_date,
    epci: areas.epci,
    est_siege: row.is_head_office,
    etat_administratif: row.status === 'F' ? 'F' : 'A',
    geo_id: null,
    latitude: lat,
    libelle_commune: a.communeName,
    liste_enseignes: signs.length ? signs : null,
    liste_finess: detail('finess', 'N° FINESS'),
    // Numbers in the government's answers.
    liste_id_bio:
      detail('bio', 'N° Agence Bio')?.map((v) => (/^\d{1,15}$/.test(v) ? Number(v) : v)) ?? null,
    liste_id_organisme_formation: detail('organisme-formation', 'N° de déclaration'),
    liste_idcc: idcc.length ? idcc : null,
    liste_rge: detail('rge', 'N° RGE'),
    liste_uai: detail('uai', 'N° UAI'),
    longitude: lon,
    nom_commercial: null,
    region: areas.region,
    siret: row.siret,
    statut_diffusion_etablissement: hidden ? 'P' : 'O',
    tranche_effectif_salarie: row.headcount_band,
  };
  if (context !== 'siege') return { ...common, ancien_siege: false };
  return {
    ...common,
    activite_principale_registre_metier: null,
    cedex: a.cedex,
    code_pays_etranger: null,
    complement_adresse: a.addressComplement,
    coordonnees: lat && lon ? `${lat},${lon}` : null,
    date_mise_a_jour: null,
    date_mise_a_jour_insee: row.sirene_updated_at,
    departement: departmentOfCommune(a.communeCode),
    distribution_speciale: a.addressPostBox,
    geo_adresse: null,
    indice_repetition: a.addressRepetition,
    libelle_cedex: null,
    libelle_commune_etranger: a.foreignCity,
    libelle_pays_etranger: a.foreignCountry,
    libelle_voie: a.addressStreet,
    numero_voie: numbers[0] || null,
    dernier_numero_voie: numbers.length > 1 ? numbers[numbers.length - 1]! : null,
    type_voie: a.addressStreetType,
  };
}

/** An empty head office block (no establishment known), with every key. */
function emptySiege(company: CompanyProfile) {
  const a = company.headOfficeAddress?.address;
  const areas = communeAreas(a?.communeCode ?? null);
  const keys = [
    'activite_principale',
    'activite_principale_naf25',
    'activite_principale_registre_metier',
    'annee_tranche_effectif_salarie',
    'caractere_employeur',
    'cedex',
    'code_pays_etranger',
    'complement_adresse',
    'coordonnees',
    'date_creation',
    'date_debut_activite',
    'date_fermeture',
    'date_mise_a_jour',
    'date_mise_a_jour_insee',
    'distribution_speciale',
    'geo_adresse',
    'geo_id',
    'indice_repetition',
    'latitude',
    'libelle_cedex',
    'libelle_commune_etranger',
    'libelle_pays_etranger',
    'libelle_voie',
    'liste_enseignes',
    'liste_finess',
    'liste_id_bio',
    'liste_idcc',
    'liste_id_organisme_formation',
    'liste_rge',
    'liste_uai',
    'longitude',
    'nom_commercial',
    'numero_voie',
    'dernier_numero_voie',
    'siret',
    'statut_diffusion_etablissement',
    'tranche_effectif_salarie',
    'type_voie',
  ];
  if (!a) return {};
  return {
    ...Object.fromEntries(keys.map((k) => [k, null])),
    adresse: a.lines.join(' ') || null,
    code_postal: a.postcode,
    commune: a.communeCode,
    departement: a.departmentCode,
    epci: areas.epci,
    est_siege: true,
    etat_administratif: company.active === false ? 'F' : 'A',
    libelle_commune: a.communeName,
    region: areas.region,
  };
}

/** The API's association rule: an RNA number, or the legal form 5195 or 92xx. */
const isAssociation = (code: string | null) => code === '5195' || !!code?.startsWith('92');

/** The `complements` block: our labels as the government's booleans, with their identifiers. */
function complements(labels: CompanyLabelView[], idcc: string[], company: CompanyProfile) {
  const has = (code: string) => labels.some((l) => l.code === code);
  const detail = (code: string, key: string): string[] | null => {
    const raw = labels.find((l) => l.code === code)?.details.find((d) => d.startsWith(`${key} : `));
    return raw ? raw.slice(key.length + 3).split(', ') : null;
  };
  const one = (code: string, key: string) => detail(code, key)?.[0] ?? null;
  const colter = labels.find((l) => l.code === 'collectivite-territoriale');
  return {
    collectivite_territoriale: colter
      ? {
          code: one('collectivite-territoriale', 'Code'),
          code_insee: one('collectivite-territoriale', 'Code INSEE'),
          elus: colter.elus ?? [],
          niveau: colter.niveau ?? null,
        }
      : null,
    convention_collective_renseignee: idcc.length > 0,
    liste_idcc: idcc.length ? idcc : null,
    liste_finess_juridique: detail('finess', 'N° FINESS juridique'),
    egapro_renseignee: has('egapro'),
    est_achats_responsables: has('achats-responsables'),
    est_alim_confiance: has('alim-confiance'),
    est_association: has('association') || isAssociation(company.legalForm.code),
    est_avocat: has('avocat'),
    est_bio: has('bio'),
    est_entrepreneur_individuel: company.legalForm.code === '1000',
    est_entrepreneur_spectacle: has('entrepreneur-spectacle'),
    est_ess: company.ess === true || has('ess'),
    est_finess: has('finess'),
    est_organisme_formation: has('organisme-formation'),
    est_qualiopi: has('qualiopi'),
    liste_id_organisme_formation: detail('organisme-formation', 'N° de déclaration'),
    est_rge: has('rge'),
    est_siae: has('siae'),
    est_societe_mission: company.missionCompany === true,
    est_uai: has('uai'),
    est_patrimoine_vivant: has('patrimoine-vivant'),
    bilan_ges_renseigne: has('bilan-ges'),
    identifiant_association: one('association', 'N° RNA'),
    statut_entrepreneur_spectacle: one('entrepreneur-spectacle', 'Statut du récépissé'),
    type_siae: one('siae', 'Type'),
    a_aide_minimis: has('aide-minimis'),
    a_aide_ademe: has('aide-ademe'),
    est_administration: has('administration'),
    // Deprecated by the API (2 June 2026): always null in its current version.
    est_service_public: null,
    est_l100_3: null,
  };
}

/** The API's `slug` (its site's URL): the name in lower-case words, then the SIREN. */
function slugOf(p: CompanyProfile): string {
  const name = (fullName(p) ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return name ? `${name}-${p.siren}` : p.siren;
}

/** `nom_complet` as the government builds it: the name, then (the sigle), upper case. */
function fullName(p: CompanyProfile): string | null {
  if (!p.name) return null;
  return [p.name, p.sigle ? `(${p.sigle})` : null].filter(Boolean).join(' ').toUpperCase();
}

function stateCode(p: CompanyProfile): 'A' | 'C' | null {
  if (p.state === 'unknown') return null;
  return p.state === 'active' ? 'A' : 'C';
}

/** The results, in the order of `sirens`; companies we no longer hold are left out. */
export async function buildDropInResults(
  db: Db,
  sirens: string[],
  include: Set<IncludeField>,
  scope: MatchScope,
  matchingSize: number,
  pageEtablissements: number | null = null,
): Promise<Array<Record<string, unknown>>> {
  if (sirens.length === 0) return [];
  // Side by side: each read waits for the pool, not for the one before (the drop-in's overhead
  // over our search is these round trips).
  const wantSiege = include.has('siege');
  const wantMatching = include.has('matching_etablissements');
  const [profiles, extraOf, matching] = await Promise.all([
    getCompanyProfiles(db, sirens),
    getCompanyUpdates(db, sirens),
    wantMatching
      ? matchingEstablishments(
          db,
          sirens,
          { sirets: [...scope.matchedSiret.values()], area: scope },
          matchingSize,
        )
      : new Map<string, EstRow[]>(),
  ]);
  const held = sirens.flatMap((s) => {
    const p = profiles.get(s);
    return p?.ok ? [p.value] : [];
  });
  const heads = held.flatMap((p) => (p.headOfficeSiret ? [p.headOfficeSiret] : []));
  const headRows = wantSiege || wantMatching ? await getEstablishmentDetails(db, heads) : [];
  const headOf = new Map(headRows.map((r) => [r.siren, r]));

  // One company's blocks read in sequence, the companies side by side (the pool's connections).
  return Promise.all(
    held.map(async (p) => {
      const x = extraOf.get(p.siren);
      const needLabels =
        include.has('complements') ||
        include.has('admin') ||
        include.has('etablissements') ||
        wantSiege ||
        wantMatching;
      const labels = needLabels ? await listCompanyLabels(db, p.siren) : [];
      const idcc = needLabels ? (await listAgreements(db, p.siren)).map((a) => a.idcc).sort() : [];
      const head = headOf.get(p.siren) ?? null;
      const base: Record<string, unknown> = {
        siren: p.siren,
        nom_complet: fullName(p),
        nom_raison_sociale: p.isNaturalPerson ? null : p.name,
        sigle: p.sigle,
        nombre_etablissements: p.establishmentCounts.total ?? x?.establishments.total ?? 0,
        nombre_etablissements_ouverts: p.establishmentCounts.open ?? x?.establishments.open ?? 0,
      };
      if (wantSiege)
        base.siege = head ? establishment(head, p, labels, idcc, 'siege') : emptySiege(p);
      Object.assign(base, {
        activite_principale: p.naf.code,
        activite_principale_naf25: null,
        categorie_entreprise: p.category.code,
        caractere_employeur: null,
        annee_categorie_entreprise: str(p.category.year),
        date_creation: p.creationDate,
        date_fermeture: p.ceasedDate,
        date_mise_a_jour: x?.updatedAt ?? null,
        date_mise_a_jour_insee: x?.sireneUpdatedAt ?? null,
        date_mise_a_jour_rne: x?.rneDate ?? null,
      });
      if (include.has('dirigeants')) base.dirigeants = await directorsOf(db, p);
      Object.assign(base, {
        etat_administratif: stateCode(p),
        nature_juridique: p.legalForm.code,
        section_activite_principale: nafSectionOf(p.naf.code),
        tranche_effectif_salarie: p.headcount.band,
        annee_tranche_effectif_salarie: str(p.headcount.year),
        statut_diffusion: p.protected ? 'P' : 'O',
      });
      if (wantMatching)
        base.matching_etablissements = (
          scope.none
            ? []
            : (matching.get(p.siren) ?? (head && !scope.matchedSiret.size ? [head] : []))
        )
          .slice(0, matchingSize)
          .map((r: EstRow) => establishment(r, p, labels, idcc, 'matching'));
      // The API's own key order (UniteLegaleResponse): the admin blocks among the others.
      if (include.has('etablissements'))
        base.etablissements = (
          await establishmentDetailsPage(db, p.siren, ((pageEtablissements ?? 1) - 1) * 100, 100)
        ).map((r) => establishment(r, p, labels, idcc, 'list'));
      if (include.has('immatriculation')) base.immatriculation = immatriculationOf(p);
      if (include.has('bodacc')) base.bodacc = bodaccOf(p, await bodaccStanding(db, p.siren));
      if (include.has('finances')) base.finances = await financesOf(db, p.siren);
      if (include.has('complements')) base.complements = complements(labels, idcc, p);
      if (include.has('tva')) base.tva = [p.vatNumber];
      if (include.has('score')) base.score = null;
      if (include.has('admin'))
        base.admin = {
          slug: slugOf(p),
          // The API's espace agent access, which our source gives as its former est_l100_3.
          a_acces_espace_agent: labels.some((l) => l.code === 'l100-3'),
        };
      return maskLikeTheApi(base, { naturalPerson: p.isNaturalPerson, protectedUnit: p.protected });
    }),
  );
}

/** The API's mask for what partial diffusion hides (its `mask_unite_legale`). */
const ND = '[NON-DIFFUSIBLE]';
const ESTABLISHMENT_MASKED = [
  'adresse',
  'cedex',
  'code_postal',
  'complement_adresse',
  'coordonnees',
  'distribution_speciale',
  'indice_repetition',
  'longitude',
  'latitude',
  'libelle_cedex',
  'libelle_voie',
  'numero_voie',
  'dernier_numero_voie',
  'type_voie',
];
const PERSON_MASKED = ['nom', 'prenoms', 'annee_de_naissance', 'date_de_naissance', 'nationalite'];

function mask(o: Record<string, unknown>, fields: readonly string[]) {
  for (const f of fields) if (f in o) o[f] = ND;
}

/**
 * On top of our own rule (values hidden as null, people who objected left out), the API's
 * visible mark: a protected unit's sigle (and a natural person's names) and a protected
 * establishment's address read « [NON-DIFFUSIBLE] », as clients of the API expect.
 */
function maskLikeTheApi(
  r: Record<string, unknown>,
  who: { naturalPerson: boolean; protectedUnit: boolean },
): Record<string, unknown> {
  const establishmentMask = (e: Record<string, unknown>) => {
    if (!who.protectedUnit && e.statut_diffusion_etablissement !== 'P') return;
    if (who.naturalPerson) {
      if (Array.isArray(e.liste_enseignes) && e.liste_enseignes.length)
        e.liste_enseignes = e.liste_enseignes.map(() => ND);
      mask(e, ['nom_commercial']);
    }
    mask(e, ESTABLISHMENT_MASKED);
  };
  if (who.protectedUnit) {
    mask(r, who.naturalPerson ? ['nom_complet', 'nom_raison_sociale', 'sigle'] : ['sigle']);
    for (const d of (r.dirigeants as Array<Record<string, unknown>> | undefined) ?? [])
      if (d.type_dirigeant === 'personne physique') mask(d, PERSON_MASKED);
  }
  if (r.siege && typeof r.siege === 'object' && Object.keys(r.siege).length)
    establishmentMask(r.siege as Record<string, unknown>);
  for (const key of ['matching_etablissements', 'etablissements'])
    for (const e of (r[key] as Array<Record<string, unknown>> | undefined) ?? [])
      establishmentMask(e);
  return r;
}

/** The registration block: what our sources give of the RNE's (dates, capital); null without. */
function immatriculationOf(p: CompanyProfile) {
  if (!p.rcs?.registrationDate && !p.capital && !p.rcs?.strikeOffDate) return null;
  return {
    date_debut_activite: null,
    date_immatriculation: p.rcs?.registrationDate ?? null,
    date_radiation: p.rcs?.strikeOffDate ?? null,
    duree_personne_morale: null,
    date_fin_existence: null,
    nature_entreprise: null,
    date_cloture_exercice: null,
    capital_social: p.capital?.amount ?? null,
    capital_variable: null,
    devise_capital: p.capital?.currency ?? null,
    indicateur_associe_unique: null,
  };
}

/**
 * The BODACC block: a strike-off from the RCS when one is known (with its notice when we hold
 * it), and the collective procedure the latest judgment leaves open (the API's `statut`).
 */
function bodaccOf(p: CompanyProfile, standing: Awaited<ReturnType<typeof bodaccStanding>>) {
  const date = p.rcs?.strikeOffDate ?? p.strikeOffDate;
  const proc = standing.procedure;
  return {
    radiation: date ? { est_radie: true, id_annonce: standing.strikeOffNoticeId, date } : null,
    procedure_collective: proc
      ? { statut: proc.state, id_annonce: proc.noticeId, date: proc.date }
      : null,
  };
}

async function directorsOf(db: Db, p: CompanyProfile) {
  const reps = (await listRepresentatives(db, p)).filter((r) => r.current);
  return reps.map((r) =>
    r.kind === 'company'
      ? {
          siren: r.companySiren,
          denomination: r.name,
          qualite: r.role === ROLE_NOT_STATED ? null : r.role,
          type_dirigeant: 'personne morale',
        }
      : {
          nom: r.lastName ?? r.name,
          prenoms: r.firstNames ?? '',
          annee_de_naissance: r.birth ? String(r.birth.year) : null,
          // Month and year only, never the day (src/domain/diffusion.ts).
          date_de_naissance: r.birth?.month
            ? `${r.birth.year}-${String(r.birth.month).padStart(2, '0')}`
            : null,
          qualite: r.role === ROLE_NOT_STATED ? null : r.role,
          nationalite: r.nationality,
          type_dirigeant: 'personne physique',
        },
  );
}

async function financesOf(db: Db, siren: string) {
  const years = headlineYears(await listFinancials(db, siren));
  if (!years.length) return null;
  const out: Record<string, { ca: number; resultat_net: number }> = {};
  for (const y of years) {
    if (y.revenue == null && y.netResult == null) continue;
    out[String(y.fiscalYear)] = { ca: y.revenue ?? 0, resultat_net: y.netResult ?? 0 };
  }
  return Object.keys(out).length ? out : null;
}
