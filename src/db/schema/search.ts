import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';

/**
 * Search read model (src/search). Derived data only: rebuilt from companies, establishments,
 * directors and financials by `rebuildSearchIndex` (src/search/indexer.ts); never edited by hand.
 * Design and ranking: docs/SEARCH.md.
 */

/** One row per legal unit: what a results row shows, plus the popularity used for ranking. */
export const searchCompanies = pgTable(
  'search_companies',
  {
    siren: char('siren', { length: 9 }).primaryKey(),
    /** Null when the name must not be shown (natural person under partial diffusion). */
    name: text('name'),
    sigle: text('sigle'),
    diffusion: char('diffusion', { length: 1 }).notNull(),
    isNaturalPerson: boolean('is_natural_person').notNull(),
    /** 'A' when the state is active, 'C' when ceased or struck off, 'U' when unknown. */
    status: char('status', { length: 1 }).notNull(),
    /** The company page's state (src/domain/company-state.ts): active, ceased, struck-off, unknown. */
    state: text('state').notNull(),
    ceasedDate: date('ceased_date'),
    strikeOffDate: date('strike_off_date'),
    legalFormCode: char('legal_form_code', { length: 4 }),
    nafCode: text('naf_code'),
    nafSection: char('naf_section', { length: 1 }),
    headOfficeSiret: char('head_office_siret', { length: 14 }),
    /** Null when the address must be hidden below the commune. */
    postcode: text('postcode'),
    communeCode: text('commune_code'),
    communeName: text('commune_name'),
    department: text('department'),
    /**
     * Where the address comes from when it is not the head office establishment's (a company
     * known from a BODACC notice only): the source's name (`SourceName`), null for SIRENE's.
     */
    addressSource: text('address_source'),
    /** The activity as a source words it, when the company has no NAF code (a BODACC notice). */
    activityText: text('activity_text'),
    activitySource: text('activity_source'),
    creationDate: date('creation_date'),
    headcountBand: text('headcount_band'),
    category: text('category'),
    capitalAmount: numeric('capital_amount', { precision: 20, scale: 2 }),
    revenue: bigint('revenue', { mode: 'number' }),
    netResult: bigint('net_result', { mode: 'number' }),
    fiscalYear: smallint('fiscal_year'),
    openEstablishments: integer('open_establishments').notNull(),
    /** Labels and certifications (company_labels.label), for the search filters. */
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The main director's row (kind, names, role; `DirectorLabelRow` of src/registry/directors.ts),
     * printed by the page's own formatter. Null when none, or when the company's name is hidden.
     */
    mainDirector: jsonb('main_director'),
    popularity: real('popularity').notNull(),
    /** Collective agreements (IDCC) its establishments or the company declare, for the filter. */
    idcc: text('idcc')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The head office's position (WGS84 degrees), from the SIRENE Lambert-93 coordinates. */
    latitude: real('latitude'),
    longitude: real('longitude'),
    /** Grid cell of 0.01° (`geoCell` in src/search/geo/grid.ts): « within R km » reads cell ranges. */
    geoCell: integer('geo_cell'),
    /** The labels' identifiers as `kind:identifier` (label_identifiers), for id_finess, id_uai, id_rge. */
    labelIds: text('label_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Its code when the company is a local authority (local_authorities.code). */
    colterCode: text('colter_code'),
  },
  (t) => [
    index('search_companies_popularity_idx').on(t.popularity.desc()),
    // Partial, as the lists are (named companies only): counts within a circle read the index alone.
    index('search_companies_geo_idx')
      .on(t.geoCell, t.latitude, t.longitude)
      .where(sql`name IS NOT NULL`),
    index('search_companies_commune_idx').on(t.communeCode, t.popularity.desc()),
    // Partial too: a department + NAF section count reads the index alone (issue 27's broad filter).
    index('search_companies_section_idx')
      .on(t.department, t.nafSection, t.popularity.desc())
      .where(sql`name IS NOT NULL`),
    index('search_companies_idcc_idx').using('gin', t.idcc),
    index('search_companies_department_idx').on(t.department, t.popularity.desc()),
    index('search_companies_naf_idx').on(t.nafCode, t.popularity.desc()),
    index('search_companies_labels_idx').using('gin', t.labels),
    index('search_companies_label_ids_idx').using('gin', t.labelIds),
    index('search_companies_colter_idx')
      .on(t.colterCode)
      .where(sql`colter_code IS NOT NULL`),
    // The drop-in's order for a list without words (the government API's: most open
    // establishments first): a broad filter reads the first rows of this index.
    index('search_companies_open_idx')
      .on(t.openEstablishments.desc(), t.siren)
      .where(sql`name IS NOT NULL`),
    // The same order for the companies with published accounts (migration 0042): a list filtered
    // by amounts (`ca_min`, `resultat_net_max`) reads them alone, not the whole order.
    index('search_companies_finances_open_idx')
      .on(t.openEstablishments.desc(), t.siren)
      .where(sql`name IS NOT NULL AND (revenue IS NOT NULL OR net_result IS NOT NULL)`),
  ],
);

/**
 * One row per findable name of a legal unit: its name, sigle, usual and former names, the signs
 * (enseignes) of its establishments, a sole trader's names. Two keys: folded (`key`, whose words
 * are the name's tokens and which, without its spaces, is the joined key of the index below) and
 * raw. Compact on purpose (issue 40: 35 M names at full size): the words and the joined key are
 * derived from `key`, not stored.
 */
export const searchNames = pgTable(
  'search_names',
  {
    /** An integer (4 bytes, in every posting too): 35 M names at full size, far from 2^31. */
    id: serial('id').primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    /** The establishment whose sign this is. */
    siret: char('siret', { length: 14 }),
    /** 'name' | 'sigle' | 'other' | 'sign' | 'person' */
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    key: text('key').notNull(),
    raw: text('raw').notNull(),
    popularity: real('popularity').notNull(),
    /** Head office's department, copied so that postings can be read per department. */
    department: text('department'),
  },
  (t) => [
    // The joined key (the folded key without its spaces): exact and prefix reads. The folded key
    // itself needs no index: equal folded keys have equal joined keys.
    index('search_names_joined_idx').using(
      'btree',
      sql`replace(${t.key}, ' ', '') text_pattern_ops`,
      t.popularity.desc(),
    ),
    index('search_names_raw_idx').on(t.raw.op('text_pattern_ops'), t.popularity.desc()),
    index('search_names_siren_idx').on(t.siren),
  ],
);

/** Inverted index: token → names, read in popularity order so a common word stays cheap. */
export const searchPostings = pgTable(
  'search_postings',
  {
    /**
     * COLLATE "C" (migration 0041; drizzle does not declare it): compared byte by byte, the index
     * builds sort twice as fast; only ever tested for equality. Statistics on 1,000 words, not 100
     * (migration 0043, neither declared here): a common word's own estimate, which decides whether
     * a rare filter is hashed or checked posting by posting.
     */
    token: text('token').notNull(),
    popularity: real('popularity').notNull(),
    nameId: integer('name_id').notNull(),
    /** The most used filter, in the index: "boulangerie" in the 75 stays a bounded read. COLLATE "C". */
    department: text('department'),
  },
  (t) => [
    index('search_postings_token_idx').on(t.token, t.popularity.desc(), t.nameId),
    index('search_postings_token_department_idx').on(
      t.token,
      t.department,
      t.popularity.desc(),
      t.nameId,
    ),
  ],
);

/** Distinct tokens with their frequency: picks the rarest query word, corrects typos. */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    /** COLLATE "C" (migration 0041), as search_postings.token: equality, prefixes and trigrams only. */
    token: text('token').primaryKey(),
    frequency: integer('frequency').notNull(),
  },
  (t) => [
    index('search_vocabulary_prefix_idx').on(t.token.op('text_pattern_ops'), t.frequency.desc()),
    index('search_vocabulary_trgm_idx').using('gin', t.token.op('gin_trgm_ops')),
    // Words ending like a typed word: a typo in the first half leaves the second half intact.
    // The word and its frequency in the key too: an index-only scan, no heap page per word read.
    index('search_vocabulary_suffix_idx').using(
      'btree',
      sql`reverse(${t.token}) text_pattern_ops`,
      t.token,
      t.frequency,
    ),
  ],
);

/** One row per mandate of a natural-person director. */
export const searchDirectors = pgTable(
  'search_directors',
  {
    id: text('id').primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    lastName: text('last_name').notNull(),
    firstNames: text('first_names'),
    birthYear: smallint('birth_year'),
    birthMonth: smallint('birth_month'),
    roleLabel: text('role_label'),
    /** Folded last name (usage name too) and first names. */
    lastKey: text('last_key').notNull(),
    tokens: text('tokens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Groups one person's mandates: folded names + birth year-month. */
    personKey: text('person_key').notNull(),
    popularity: real('popularity').notNull(),
  },
  (t) => [
    index('search_directors_last_idx').on(t.lastKey.op('text_pattern_ops'), t.popularity.desc()),
    // Surnames ending like a typed one (typo forgiven in the first half of the surname).
    index('search_directors_last_suffix_idx').using(
      'btree',
      sql`reverse(${t.lastKey}) text_pattern_ops`,
      t.lastKey,
    ),
    index('search_directors_tokens_idx').using('gin', t.tokens),
    index('search_directors_person_idx').on(t.personKey),
    index('search_directors_siren_idx').on(t.siren),
  ],
);
