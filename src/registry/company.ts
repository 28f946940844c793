import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { companies, type FieldSource } from '@/db/schema';
import { selectList, type ColumnName, type RawRow } from '@/db/raw-rows';
import { COMPANY_IDENTITY_COLUMNS, COMPANY_STATE_COLUMNS } from '@/db/shared-columns';
import { isAddressHidden, isNameHidden, type AddressParts } from '@/domain/diffusion';
import {
  headcountBandLabel,
  isNaturalPersonLegalForm,
  isRcsLegalForm,
  legalFormLabel,
} from '@/domain/legal-forms';
import { companyState, companyStateLabel, type CompanyState } from '@/domain/company-state';
import { luhnValid, validateSiren } from '@/domain/siren';
import { slugify } from '@/domain/slug';
import { eoriNumber, vatNumber } from '@/domain/vat';
import { parseCourt } from './courts';
import { categoryLabel } from '@/domain/reference/categories';
import { nafLabel } from '@/domain/reference/naf';
import { companyOpposed } from './opposition';
import { clean, sourceRef, type SourceRef } from './result';
import { failure, success, type Result } from '@/lib/errors';
import { addressView, type AddressView } from './addresses';
import {
  ESTABLISHMENT_COLUMNS,
  establishmentView,
  type EstablishmentRow,
  type EstablishmentView,
} from './establishment-view';
import { inList } from '@/domain/sql-fragments';

export type CompanyProfile = {
  siren: string;
  /** Canonical URL slug of the name ("danone"), or "entreprise" when the name is hidden. */
  slug: string;
  /** Name to print: the registered name, or an honest placeholder when it is protected. */
  displayName: string;
  /** The registered name, null when protected. */
  name: string | null;
  sigle: string | null;
  otherNames: string[];
  isNaturalPerson: boolean;
  /** Partial diffusion (SIRENE statut P) or an opposition request: protected data is already removed. */
  protected: boolean;
  protectionReason: 'diffusion' | 'opposition' | null;
  nameHidden: boolean;
  legalForm: { code: string | null; label: string | null };
  naf: { code: string | null; label: string | null; version: string | null };
  /** null when no source gives a state (`state` is then « unknown »). */
  active: boolean | null;
  /**
   * The state as the sources know it: 'struck-off' when a strike-off from the RCS is known,
   * 'unknown' for a record no source gives a state for (never shown as active).
   */
  state: CompanyState;
  /** « Active », « Cessée le … », « Radiée du RCS le … », « État inconnu ». */
  stateLabel: string;
  creationDate: string | null;
  ceasedDate: string | null;
  /** Struck off the RCS on this day (a radiation notice, the RNE), whatever the registry court. */
  strikeOffDate: string | null;
  headcount: { band: string | null; label: string | null; year: number | null };
  category: { code: string | null; label: string | null; year: number | null };
  ess: boolean | null;
  missionCompany: boolean | null;
  employer: boolean | null;
  capital: { amount: number; currency: string } | null;
  /**
   * Registration in the trade register, from the data held: the court (BODACC, RNE) or, when no
   * source names it, the only commercial court of the head office's department; the date (RNE via
   * the Annuaire). `basis` says where each part comes from.
   */
  rcs: {
    court: string | null;
    courtLabel: string | null;
    number: string | null;
    registrationDate: string | null;
    strikeOffDate: string | null;
    basis: string;
    source: SourceRef | null;
  } | null;
  vatNumber: string;
  /** FR + head-office SIRET: the usual form, attributed by customs on request. */
  eoriNumber: string | null;
  headOfficeSiret: string | null;
  headOffice: EstablishmentView | null;
  /**
   * The head office address: the head office establishment's, or, when none is known, the one a
   * BODACC notice states (without a SIRET), with its source and date.
   */
  headOfficeAddress: {
    address: AddressView;
    source: SourceRef | null;
    /** false: the address alone, from a notice; no establishment (SIRET) known. */
    establishmentKnown: boolean;
  } | null;
  openEstablishments: number;
  /**
   * The company's establishment counts as the source states them (recherche-entreprises
   * `nombre_etablissements`, `nombre_etablissements_ouverts`), else as our table holds them.
   */
  establishmentCounts: {
    total: number | null;
    open: number | null;
    source: SourceRef | null;
  };
  activityDescription: string | null;
  sources: { identity: SourceRef; fields: Record<string, SourceRef> };
};

/** A company's profile, or INVALID_SIREN / COMPANY_NOT_FOUND. */
export type CompanyLookup = Result<CompanyProfile>;

const COMPANY_FIELDS = [
  ...COMPANY_IDENTITY_COLUMNS,
  'legal_form_code',
  'naf_code',
  'naf_version',
  ...COMPANY_STATE_COLUMNS,
  'capital_amount',
  'capital_currency',
  'rcs_court',
  'rcs_registration_date',
  'rcs_strike_off_date',
  'stated_establishments',
  'stated_open_establishments',
  'activity_description',
  'open_establishments',
  'field_sources',
  'sirene_updated_at',
  'head_office_address',
] as const satisfies readonly ColumnName<typeof companies>[];

/** The company columns the profile reads (`c.`), dates and the capital as text. */
export const COMPANY_COLUMNS = selectList(companies, 'c', COMPANY_FIELDS, [
  'creation_date',
  'ceased_date',
  'capital_amount',
  'rcs_registration_date',
  'rcs_strike_off_date',
  'sirene_updated_at',
]);

/** One `companies` row as COMPANY_COLUMNS reads it, plus whether an opposition is honoured. */
type CompanyRow = Pick<RawRow<typeof companies>, (typeof COMPANY_FIELDS)[number]> & {
  opposed: boolean;
};

function titleCaseName(first: string | null, last: string | null): string {
  const f = (first ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 1)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
  return [f, (last ?? '').toUpperCase()].filter(Boolean).join(' ');
}

/**
 * Departments with a single commercial court: there, the head office's department names the
 * registry. Elsewhere a department has several courts and the court is not guessed.
 */
const SINGLE_COURT: Record<string, string> = {
  '75': 'Paris',
  '92': 'Nanterre',
  '93': 'Bobigny',
  '94': 'Créteil',
  '91': 'Évry',
  '78': 'Versailles',
  '95': 'Pontoise',
};

function rcsOf(
  row: CompanyRow,
  isNaturalPerson: boolean,
  headOffice: EstablishmentView | null,
  fields: Record<string, FieldSource>,
): CompanyProfile['rcs'] {
  const court = parseCourt(row.rcs_court);
  const registrationDate = row.rcs_registration_date ?? null;
  const strikeOffDate = row.rcs_strike_off_date ?? null;
  const commercialForm = !isNaturalPerson && isRcsLegalForm(row.legal_form_code);
  if (!court && !registrationDate && !(commercialForm && strikeOffDate)) return null;
  let town = court?.town ?? null;
  let basis: string;
  let source: SourceRef | null = null;
  if (court) {
    const f = fields.rcs_court;
    basis = `greffe d'immatriculation indiqué par ${f?.source === 'bodacc' ? 'une annonce du BODACC' : 'le Registre national des entreprises'}`;
    if (f) source = sourceRef(f.source, f.date);
  } else {
    const dept = headOffice?.address.departmentCode ?? null;
    town = (dept && !headOffice?.address.country && SINGLE_COURT[dept]) || null;
    basis = town
      ? "greffe déduit du département du siège, qui n'a qu'un tribunal de commerce"
      : 'greffe non précisé par nos sources';
  }
  if (registrationDate && fields.rcs_registration_date) {
    const f = fields.rcs_registration_date;
    source ??= sourceRef(f.source, f.date);
    basis += ` ; immatriculation datée par ${f.source === 'recherche-entreprises' ? "l'Annuaire des Entreprises (d'après le RNE)" : 'le Registre national des entreprises'}`;
  }
  const label = town ? parseCourt(town)!.label : null;
  return {
    court: town,
    courtLabel: court?.label ?? label,
    number: town ? `${row.siren} R.C.S. ${town}` : null,
    registrationDate,
    strikeOffDate,
    basis,
    source,
  };
}

function stateOf(
  row: CompanyRow,
  fields: Record<string, FieldSource>,
): Pick<CompanyProfile, 'state' | 'stateLabel'> {
  const dates = { ceasedDate: row.ceased_date, strikeOffDate: row.rcs_strike_off_date ?? null };
  const state = companyState({
    status: row.status,
    known: !!row.sirene_updated_at || !!fields.status || !!fields.name,
    ...dates,
  });
  return { state, stateLabel: companyStateLabel(state, dates) };
}

const EMPTY_ADDRESS: AddressParts = {
  addressNumber: null,
  addressRepetition: null,
  addressStreetType: null,
  addressStreet: null,
  addressComplement: null,
  addressPostBox: null,
  postcode: null,
  communeCode: null,
  communeName: null,
  cedex: null,
  foreignCity: null,
  foreignCountry: null,
};

/** Builds the view; every protection rule is applied here, so no page or route can leak. */
export function profileFromRow(
  row: CompanyRow,
  headOffice: EstablishmentRow | null,
): CompanyProfile {
  const isNaturalPerson = row.is_natural_person || isNaturalPersonLegalForm(row.legal_form_code);
  const diffusionProtected = row.diffusion !== 'O';
  const isProtected = diffusionProtected || row.opposed;
  const nameHidden = isNameHidden(isProtected ? 'P' : 'O', isNaturalPerson);
  const rawName =
    clean(row.name) ??
    (isNaturalPerson ? titleCaseName(row.first_names, row.usage_name ?? row.last_name) : null);
  const name = nameHidden ? null : rawName;
  const displayName =
    name ??
    (nameHidden
      ? row.legal_form_code
        ? 'Entrepreneur individuel (identité non diffusible)'
        : 'Entreprise (identité non diffusible)'
      : 'Dénomination non renseignée');
  const fields = row.field_sources ?? {};
  const fieldRefs: Record<string, SourceRef> = {};
  for (const [k, v] of Object.entries(fields)) fieldRefs[k] = sourceRef(v.source, v.date);
  // Identity: SIRENE when it wrote the row, else the source of the first identity field held
  // (a protected name is not stored, so the name alone cannot say), always with that source's date.
  const identityField = row.sirene_updated_at
    ? null
    : (['name', 'legal_form_code', 'naf_code', 'status', 'creation_date', 'diffusion']
        .map((f) => fields[f])
        .find((f) => !!f) ?? null);
  const identity: SourceRef = row.sirene_updated_at
    ? sourceRef('sirene', row.sirene_updated_at)
    : identityField
      ? sourceRef(identityField.source, identityField.date)
      : sourceRef('recherche-entreprises', null);
  const headOfficeSiret = row.head_office_nic ? `${row.siren}${row.head_office_nic}` : null;
  const ho = headOffice
    ? establishmentView(headOffice, { protected: isProtected, isNaturalPerson })
    : null;
  const capital =
    row.capital_amount != null && Number.isFinite(Number(row.capital_amount))
      ? { amount: Number(row.capital_amount), currency: row.capital_currency ?? 'EUR' }
      : null;
  const state = stateOf(row, fields);
  const countsSource =
    row.stated_establishments != null && fields.stated_establishments
      ? sourceRef(fields.stated_establishments.source, fields.stated_establishments.date)
      : null;
  return {
    siren: row.siren,
    slug: slugify(name) || 'entreprise',
    displayName,
    name,
    sigle: nameHidden ? null : clean(row.sigle),
    otherNames: nameHidden
      ? []
      : (row.other_names ?? []).map((n) => clean(n)).filter((n): n is string => !!n && n !== name),
    isNaturalPerson,
    protected: isProtected,
    protectionReason: diffusionProtected ? 'diffusion' : row.opposed ? 'opposition' : null,
    nameHidden,
    legalForm: { code: row.legal_form_code, label: legalFormLabel(row.legal_form_code) },
    naf: { code: row.naf_code, label: nafLabel(row.naf_code), version: row.naf_version },
    active: state.state === 'unknown' ? null : state.state === 'active',
    ...state,
    creationDate: row.creation_date,
    ceasedDate: row.ceased_date,
    strikeOffDate: row.rcs_strike_off_date ?? null,
    headcount: {
      band: row.headcount_band,
      label: headcountBandLabel(row.headcount_band),
      year: row.headcount_year,
    },
    category: { code: row.category, label: categoryLabel(row.category), year: row.category_year },
    ess: row.ess,
    missionCompany: row.mission_company,
    employer: row.employer,
    capital,
    rcs: rcsOf(row, isNaturalPerson, ho, fields),
    vatNumber: vatNumber(row.siren),
    eoriNumber: headOfficeSiret ? eoriNumber(headOfficeSiret) : null,
    headOfficeSiret,
    headOffice: ho,
    headOfficeAddress: ho
      ? { address: ho.address, source: ho.source, establishmentKnown: true }
      : row.head_office_address
        ? {
            address: addressView(
              { ...EMPTY_ADDRESS, ...row.head_office_address },
              isProtected || isAddressHidden(row.diffusion),
            ),
            source: fieldRefs.head_office_address ?? null,
            establishmentKnown: false,
          }
        : null,
    openEstablishments: row.stated_open_establishments ?? row.open_establishments,
    establishmentCounts: {
      total: row.stated_establishments ?? null,
      open: row.stated_open_establishments ?? null,
      source: countsSource,
    },
    activityDescription: isProtected && isNaturalPerson ? null : clean(row.activity_description),
    sources: {
      identity,
      fields: fieldRefs,
    },
  };
}

/** Companies with their oppositions and head office (`ho`), on the companies `where` picks. */
const profileQuery = (where: SQL) =>
  sql`SELECT ${COMPANY_COLUMNS},
          ${companyOpposed(sql`c.siren`)} AS opposed,
          (SELECT row_to_json(h) FROM (SELECT ${ESTABLISHMENT_COLUMNS} FROM establishments e
             WHERE e.siret = (c.siren || c.head_office_nic)::char(14)) h) AS ho
        FROM companies c WHERE ${where}`;

/** The company's identity and head office: one query on the primary keys. */
export async function getCompanyProfile(db: Db, input: string): Promise<CompanyLookup> {
  const valid = validateSiren(input);
  if (!valid.ok) return failure('INVALID_SIREN', valid.message);
  const siren = valid.siren;
  const rows = await queryRows<CompanyRow & { ho: EstablishmentRow | null }>(
    db,
    profileQuery(sql`c.siren = ${siren}`),
    { prepared: true },
  );
  const row = rows[0] ?? (await profileRowFromEstablishments(db, siren));
  if (!row) {
    if (!luhnValid(siren)) {
      return failure(
        'INVALID_SIREN',
        "Ce numéro SIREN n'est pas valide : sa clé de contrôle est fausse.",
      );
    }
    return failure(
      'COMPANY_NOT_FOUND',
      "Aucune entreprise n'est enregistrée sous ce numéro SIREN.",
    );
  }
  return success(profileFromRow(row, row.ho ?? null));
}

/**
 * A SIREN known only from the establishments file (no legal-unit row yet): a minimal profile from
 * its establishments, head office first. The unit's nature is unknown, so a protected
 * establishment is treated as a natural person's: nothing but the SIREN and the commune.
 */
/**
 * Many companies' profiles at once (the batch lookup of src/api-access): the same query as
 * `getCompanyProfile` on `siren = ANY(…)`, one round trip for the list, each row mapped by the same
 * rules (diffusion, oppositions); a SIREN without a row takes `getCompanyProfile`'s way (a company
 * known by its establishments only, an invalid key, unknown). Keyed by the SIRENs given, which
 * must be 9 digits (`validateSiren`).
 */
export async function getCompanyProfiles(
  db: Db,
  sirens: string[],
): Promise<Map<string, CompanyLookup>> {
  const out = new Map<string, CompanyLookup>();
  const unique = [...new Set(sirens)];
  if (unique.length === 0) return out;
  const rows = await queryRows<CompanyRow & { ho: EstablishmentRow | null }>(
    db,
    profileQuery(inList(sql`c.siren`, unique, 'char(9)')),
    { prepared: true },
  );
  for (const row of rows) out.set(row.siren, success(profileFromRow(row, row.ho ?? null)));
  const missing = unique.filter((s) => !out.has(s));
  for (const siren of missing) out.set(siren, await getCompanyProfile(db, siren));
  return out;
}

async function profileRowFromEstablishments(
  db: Db,
  siren: string,
): Promise<(CompanyRow & { ho: EstablishmentRow | null }) | null> {
  const list = await queryRows<EstablishmentRow & { open_count: number }>(
    db,
    sql`SELECT ${ESTABLISHMENT_COLUMNS},
               count(*) FILTER (WHERE e.status <> 'F') OVER ()::int AS open_count
        FROM establishments e WHERE e.siren = ${siren}
        ORDER BY e.is_head_office DESC, (e.status = 'F') ASC, e.siret LIMIT 1`,
  );
  const e = list[0];
  if (!e) return null;
  const isProtected = e.diffusion !== 'O';
  return {
    siren,
    diffusion: e.diffusion,
    name: null,
    sigle: null,
    other_names: [],
    is_natural_person: isProtected,
    last_name: null,
    usage_name: null,
    first_names: null,
    legal_form_code: null,
    naf_code: e.naf_code,
    naf_version: e.naf_version,
    status: e.open_count > 0 ? 'A' : 'C',
    creation_date: null,
    ceased_date: null,
    headcount_band: null,
    headcount_year: null,
    category: null,
    category_year: null,
    ess: null,
    mission_company: null,
    employer: null,
    head_office_nic: e.is_head_office ? e.nic : null,
    head_office_address: null,
    capital_amount: null,
    capital_currency: null,
    rcs_court: null,
    rcs_registration_date: null,
    rcs_strike_off_date: null,
    stated_establishments: null,
    stated_open_establishments: null,
    activity_description: null,
    open_establishments: e.open_count,
    field_sources: { name: { source: 'sirene', date: e.source_date?.slice(0, 10) ?? null } },
    sirene_updated_at: e.source_date,
    opposed: false,
    ho: e.is_head_office ? e : null,
  };
}
