/**
 * The blocks of a drop-in result in the government's shape (results.ts assembles them): an
 * establishment (head office, matching or listed) masked by our diffusion rule, the empty head
 * office, the `complements` booleans from our labels, and the API's name, slug and state codes.
 */
import { maskAddress } from '@/domain/diffusion';
import { addressPartsOfRow } from '@/registry/addresses';
import type { CompanyProfile } from '@/registry/company';
import type { CompanyLabelView } from '@/registry/company-labels';
import type { EstablishmentDetailRow as EstRow } from '@/registry/establishments';
import { communeAreas } from '@/search/geo/places';
import { departmentOfCommune } from '@/domain/reference/departments';

const yesNo = (v: boolean | null | undefined) => (v == null ? null : v ? 'O' : 'N');
export const str = (v: number | null | undefined) => (v == null ? null : String(v));

/** One establishment in the government's shape, masked by our diffusion rule. */
export function establishment(
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
export function emptySiege(company: CompanyProfile) {
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
export function complements(labels: CompanyLabelView[], idcc: string[], company: CompanyProfile) {
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
export function slugOf(p: CompanyProfile): string {
  const name = (fullName(p) ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return name ? `${name}-${p.siren}` : p.siren;
}

/** `nom_complet` as the government builds it: the name, then (the sigle), upper case. */
export function fullName(p: CompanyProfile): string | null {
  if (!p.name) return null;
  return [p.name, p.sigle ? `(${p.sigle})` : null].filter(Boolean).join(' ').toUpperCase();
}

export function stateCode(p: CompanyProfile): 'A' | 'C' | null {
  if (p.state === 'unknown') return null;
  return p.state === 'active' ? 'A' : 'C';
}
