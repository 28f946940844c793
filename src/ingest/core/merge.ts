/**
 * Assembling one company from several sources. SIRENE owns the identity columns it publishes; the
 * other sources fill what SIRENE lacks (capital, registry court, activity text) or stand in until
 * SIRENE data arrives. Per field: the higher-ranked source wins; within one source, the newer date.
 * Each field written here records its source and date in companies.field_sources.
 */
import type { ColumnName } from '@/db/raw-rows';
import type { establishments, FieldSource, FinancialQuality, SourceName } from '@/db/schema';
import type { Conn } from './conn';
import { TableWriter, type Counts } from './writer';
import { SIRENE_FIELDS } from '../sirene/columns';

/** Lower is stronger. */
export const SOURCE_RANK: Record<SourceName, number> = {
  sirene: 1,
  rne: 2,
  'recherche-entreprises': 3,
  bodacc: 4,
  'inpi-ratios': 5,
  'inpi-marques': 6,
  idcc: 7,
  // The label sources write only their own tables (company_labels, label_identifiers…), never a
  // company field: their rank never decides a merge.
  'ess-france': 8,
  'marche-inclusion': 8,
  'agence-bio': 8,
  rge: 8,
  egapro: 8,
  spectacle: 8,
  'organisme-formation': 8,
  uai: 8,
  'alim-confiance': 8,
  administration: 8,
  finess: 8,
  colter: 8,
  elus: 8,
  'patrimoine-vivant': 8,
  'achats-responsables': 8,
  'rne-annuaire': 8,
};

export const MERGE_FIELDS = [
  ...SIRENE_FIELDS,
  'capital_amount',
  'capital_currency',
  'rcs_court',
  'activity_description',
  'open_establishments',
  'stated_establishments',
  'stated_open_establishments',
  'rcs_registration_date',
  'rcs_strike_off_date',
  'head_office_address',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export type CompanyPatch = {
  siren: string;
  source: SourceName;
  /** The source's own date for this data (ISO date or timestamp). */
  date: string | null;
  fields: Partial<Record<MergeField, unknown>>;
};

const DEFAULTS: Partial<Record<MergeField, unknown>> = {
  diffusion: 'O',
  other_names: [],
  is_natural_person: false,
  status: 'A',
  open_establishments: 0,
};

type Stored = Record<string, unknown> & {
  siren: string;
  sirene_updated_at: string | null;
  field_sources: Record<string, FieldSource>;
};

function wins(patch: CompanyPatch, current: FieldSource | undefined): boolean {
  if (!current) return true;
  const a = SOURCE_RANK[patch.source];
  const b = SOURCE_RANK[current.source] ?? 99;
  if (a !== b) return a < b;
  return (patch.date ?? '') >= (current.date ?? '');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Normalises what jsonb gives back so that comparisons with incoming values hold. */
function normalize(field: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (field === 'capital_amount') return Number(v);
  if (field === 'legal_form_code' || field === 'gender' || field === 'head_office_nic')
    return String(v).trim();
  return v;
}

export class CompanyMerger {
  private readonly writer: TableWriter;
  constructor(private readonly conn: Conn) {
    this.writer = new TableWriter(conn, {
      table: 'companies',
      key: ['siren'],
      columns: ['siren', ...MERGE_FIELDS, 'field_sources'],
      touchUpdatedAt: true,
    });
  }

  async merge(patches: CompanyPatch[]): Promise<Counts> {
    if (patches.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    const sirens = [...new Set(patches.map((p) => p.siren))];
    const rows = await this.conn.query<{ r: Stored }>(
      `SELECT to_jsonb(c) AS r FROM companies c WHERE siren = ANY(string_to_array($1, ',')::bpchar[])`,
      [sirens.join(',')],
    );
    const stored = new Map<string, Stored>();
    for (const { r } of rows)
      stored.set(r.siren, typeof r === 'string' ? (JSON.parse(r) as Stored) : r);
    const merged = new Map<
      string,
      {
        values: Record<string, unknown>;
        sources: Record<string, FieldSource>;
        changed: boolean;
        isNew: boolean;
      }
    >();
    for (const p of patches) {
      let m = merged.get(p.siren);
      if (!m) {
        const s = stored.get(p.siren);
        const values: Record<string, unknown> = {};
        for (const f of MERGE_FIELDS) values[f] = s ? normalize(f, s[f]) : (DEFAULTS[f] ?? null);
        m = { values, sources: { ...(s?.field_sources ?? {}) }, changed: !s, isNew: !s };
        if (s?.sirene_updated_at) (m as { sirene?: boolean }).sirene = true;
        merged.set(p.siren, m);
      }
      const sireneOwned = (m as { sirene?: boolean }).sirene === true;
      for (const [field, value] of Object.entries(p.fields)) {
        if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
          continue;
        if (sireneOwned && SIRENE_FIELDS.has(field)) continue;
        if (!wins(p, m.sources[field])) continue;
        const src: FieldSource = { source: p.source, date: p.date };
        if (!same(m.values[field], value)) {
          m.values[field] = value;
          m.changed = true;
        }
        if (!same(m.sources[field], src)) {
          m.sources[field] = src;
          m.changed = true;
        }
      }
    }
    const out: unknown[][] = [];
    let unchanged = 0;
    for (const [siren, m] of merged) {
      if (!m.changed) {
        unchanged++;
        continue;
      }
      out.push([siren, ...MERGE_FIELDS.map((f) => m.values[f] ?? null), m.sources]);
    }
    const c = await this.writer.upsert(out);
    return { inserted: c.inserted, updated: c.updated, unchanged: c.unchanged + unchanged };
  }
}

export type DirectorRow = {
  kind: 'person' | 'company';
  roleCode: string | null;
  roleLabel: string | null;
  lastName: string | null;
  usageName: string | null;
  firstNames: string | null;
  birthYear: number | null;
  birthMonth: number | null;
  nationality: string | null;
  directorSiren: string | null;
  companyName: string | null;
  startDate: string | null;
  personKey: string | null;
};

export type DirectorSet = { siren: string; date: string | null; directors: DirectorRow[] };

const DIRECTOR_COLUMNS = [
  'id',
  'siren',
  'kind',
  'role_code',
  'role_label',
  'last_name',
  'usage_name',
  'first_names',
  'birth_year',
  'birth_month',
  'nationality',
  'director_siren',
  'company_name',
  'start_date',
  'person_key',
  'source',
  'source_date',
];

/**
 * Directors of a company as one source lists them: a newer list replaces the older one of the
 * same source; an older list is ignored. The read model picks the best source present.
 */
export class DirectorWriter {
  private readonly writer: TableWriter;
  constructor(
    private readonly conn: Conn,
    private readonly source: SourceName,
  ) {
    this.writer = new TableWriter(conn, {
      table: 'directors',
      key: ['id'],
      columns: DIRECTOR_COLUMNS,
      touchUpdatedAt: true,
    });
  }

  async write(sets: DirectorSet[]): Promise<Counts> {
    if (sets.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    // Newest set per SIREN within the batch.
    const best = new Map<string, DirectorSet>();
    for (const s of sets) {
      const cur = best.get(s.siren);
      if (!cur || (s.date ?? '') >= (cur.date ?? '')) best.set(s.siren, s);
    }
    const existing = await this.conn.query<{ siren: string; d: string | null }>(
      `SELECT siren, max(source_date)::text AS d FROM directors WHERE source = $1 AND siren = ANY(string_to_array($2, ',')::bpchar[]) GROUP BY siren`,
      [this.source, [...best.keys()].join(',')],
    );
    const stored = new Map(existing.map((e) => [e.siren, e.d]));
    const rows: unknown[][] = [];
    const keepIds: string[] = [];
    const replaced: string[] = [];
    let skipped = 0;
    for (const [siren, s] of best) {
      const day = s.date ? s.date.slice(0, 10) : null;
      const cur = stored.get(siren);
      if (cur !== undefined && cur !== null && (day ?? '') < cur) {
        skipped += s.directors.length;
        continue;
      }
      replaced.push(siren);
      s.directors.forEach((d, i) => {
        const id = `${this.source}:${siren}:${i + 1}`;
        keepIds.push(id);
        rows.push([
          id,
          siren,
          d.kind,
          d.roleCode,
          d.roleLabel,
          d.lastName,
          d.usageName,
          d.firstNames,
          d.birthYear,
          d.birthMonth,
          d.nationality,
          d.directorSiren,
          d.companyName,
          d.startDate,
          d.personKey,
          this.source,
          day,
        ]);
      });
    }
    const c = await this.writer.upsert(rows);
    if (replaced.length) {
      await this.conn.query(
        `DELETE FROM directors WHERE source = $1 AND siren = ANY(string_to_array($2, ',')::bpchar[]) AND NOT (id = ANY(string_to_array($3, ',')))`,
        [this.source, replaced.join(','), keepIds.join(',')],
      );
    }
    return { inserted: c.inserted, updated: c.updated, unchanged: c.unchanged + skipped };
  }
}

export type EstablishmentPatch = {
  siret: string;
  diffusion: 'O' | 'P';
  isHeadOffice: boolean;
  status: 'A' | 'F';
  creationDate: string | null;
  closedDate: string | null;
  signs: string[];
  nafCode: string | null;
  headcountBand: string | null;
  addressNumber: string | null;
  addressRepetition: string | null;
  addressStreetType: string | null;
  addressStreet: string | null;
  addressComplement: string | null;
  postcode: string | null;
  communeCode: string | null;
  communeName: string | null;
  foreignCity?: string | null;
  foreignCountry: string | null;
  source: SourceName;
  date: string | null;
};

const ESTABLISHMENT_COLUMNS = [
  'siret',
  'siren',
  'nic',
  'diffusion',
  'is_head_office',
  'status',
  'creation_date',
  'closed_date',
  'signs',
  'naf_code',
  'headcount_band',
  'address_number',
  'address_repetition',
  'address_street_type',
  'address_street',
  'address_complement',
  'postcode',
  'commune_code',
  'commune_name',
  'foreign_city',
  'foreign_country',
  'source',
  'source_updated_at',
] as const satisfies readonly ColumnName<typeof establishments>[];

const RANK_SQL = (col: string) =>
  `CASE ${col} ${Object.entries(SOURCE_RANK)
    .map(([s, r]) => `WHEN '${s}' THEN ${r}`)
    .join(' ')} ELSE 99 END`;

/** Establishments seen by other sources than SIRENE: they never overwrite a SIRENE row. */
export function establishmentWriter(conn: Conn): {
  write(rows: EstablishmentPatch[]): Promise<Counts>;
} {
  const writer = new TableWriter(conn, {
    table: 'establishments',
    key: ['siret'],
    columns: [...ESTABLISHMENT_COLUMNS],
    touchUpdatedAt: true,
    newerWhen: `t.source <> 'sirene' AND (${RANK_SQL('EXCLUDED.source')} < ${RANK_SQL('t.source')} OR (EXCLUDED.source = t.source AND (t.source_updated_at IS NULL OR EXCLUDED.source_updated_at >= t.source_updated_at)))`,
    dateIndex: ESTABLISHMENT_COLUMNS.indexOf('source_updated_at'),
  });
  return {
    write: (rows) =>
      writer.upsert(
        rows.map((e) => [
          e.siret,
          e.siret.slice(0, 9),
          e.siret.slice(9),
          e.diffusion,
          e.isHeadOffice,
          e.status,
          e.creationDate,
          e.closedDate,
          e.signs,
          e.nafCode,
          e.headcountBand,
          e.addressNumber,
          e.addressRepetition,
          e.addressStreetType,
          e.addressStreet,
          e.addressComplement,
          e.postcode,
          e.communeCode,
          e.communeName,
          e.foreignCity ?? null,
          e.foreignCountry,
          e.source,
          e.date,
        ]),
      ),
  };
}

/**
 * Positions (WGS84) another source gives for establishments (the Annuaire des Entreprises'
 * `latitude`/`longitude`): written where SIRENE gave none, never over SIRENE's own (converted from
 * its Lambert-93 coordinates at import). Returns the SIRENs whose head office may have moved.
 */
export async function fillEstablishmentPositions(
  conn: Conn,
  rows: Array<{ siret: string; latitude: number; longitude: number }>,
): Promise<Counts> {
  const valid = rows.filter(
    (r) =>
      Number.isFinite(r.latitude) &&
      Number.isFinite(r.longitude) &&
      Math.abs(r.latitude) <= 90 &&
      Math.abs(r.longitude) <= 180 &&
      !(r.latitude === 0 && r.longitude === 0),
  );
  if (!valid.length) return { inserted: 0, updated: 0, unchanged: 0 };
  const changed = await conn.query(
    `UPDATE establishments e SET latitude = p.lat, longitude = p.lon
       FROM (SELECT unnest($1::text[]) AS siret, unnest($2::real[]) AS lat, unnest($3::real[]) AS lon) p
      WHERE e.siret = p.siret
        AND (e.latitude IS NULL OR (e.source <> 'sirene'
             AND (e.latitude, e.longitude) IS DISTINCT FROM (p.lat, p.lon)))
      RETURNING e.siret`,
    [valid.map((r) => r.siret), valid.map((r) => r.latitude), valid.map((r) => r.longitude)],
  );
  return { inserted: 0, updated: changed.length, unchanged: valid.length - changed.length };
}

export type FinancialRow = {
  siren: string;
  closingDate: string;
  fiscalYear: number;
  accountsType: string;
  revenue: number | null;
  netResult: number | null;
  ebitda: number | null;
  ratios: Record<string, number | string | null>;
  source: SourceName;
  /** The source's own date for the row (ISO date). */
  sourceDate?: string | null;
  quality?: FinancialQuality[];
};

export function financialWriter(conn: Conn): { write(rows: FinancialRow[]): Promise<Counts> } {
  const writer = new TableWriter(conn, {
    table: 'financials',
    key: ['siren', 'closing_date', 'accounts_type', 'source'],
    columns: [
      'siren',
      'closing_date',
      'fiscal_year',
      'accounts_type',
      'revenue',
      'net_result',
      'ebitda',
      'ratios',
      'source',
      'source_date',
      'quality',
    ],
    touchUpdatedAt: true,
  });
  return {
    write: (rows) =>
      writer.upsert(
        rows.map((f) => [
          f.siren,
          f.closingDate,
          f.fiscalYear,
          f.accountsType,
          f.revenue,
          f.netResult,
          f.ebitda,
          f.ratios,
          f.source,
          f.sourceDate ? f.sourceDate.slice(0, 10) : null,
          JSON.stringify(f.quality ?? []),
        ]),
      ),
  };
}

export type AgreementRow = {
  siret: string;
  idcc: string;
  month: string | null;
  updatedAt: string | null;
  /** Default 'idcc' (DSN declarations). */
  source?: SourceName;
};

/** SIRET → IDCC: the latest declaration month wins. */
export function agreementWriter(conn: Conn): { write(rows: AgreementRow[]): Promise<Counts> } {
  const writer = new TableWriter(conn, {
    table: 'establishment_agreements',
    key: ['siret', 'idcc'],
    columns: ['siret', 'idcc', 'siren', 'month', 'updated_at', 'source'],
    // A DSN declaration is never replaced by another source's mention of the same pair.
    newerWhen:
      "(EXCLUDED.source = t.source OR EXCLUDED.source = 'idcc') AND (t.month IS NULL OR EXCLUDED.month >= t.month)",
    dateIndex: 3,
  });
  return {
    write: (rows) =>
      writer.upsert(
        rows.map((a) => [
          a.siret,
          a.idcc,
          a.siret.slice(0, 9),
          a.month,
          a.updatedAt?.slice(0, 10) ?? null,
          a.source ?? 'idcc',
        ]),
      ),
  };
}

export type LabelRow = {
  siren: string;
  label: string;
  source: SourceName;
  sourceDate: string | null;
  detail: Record<string, unknown>;
};

/**
 * Labels and certifications of a company as one source lists them: the source's list for a
 * company replaces the one it gave before (a label it no longer gives is removed).
 */
export function labelWriter(conn: Conn): {
  write(sirens: string[], rows: LabelRow[], source: SourceName): Promise<Counts>;
} {
  const writer = new TableWriter(conn, {
    table: 'company_labels',
    key: ['siren', 'label', 'source'],
    columns: ['siren', 'label', 'source', 'source_date', 'detail'],
  });
  return {
    async write(sirens, rows, source) {
      if (!sirens.length) return { inserted: 0, updated: 0, unchanged: 0 };
      const c = await writer.upsert(
        rows.map((r) => [r.siren, r.label, r.source, r.sourceDate?.slice(0, 10) ?? null, r.detail]),
      );
      await conn.query(
        `DELETE FROM company_labels WHERE source = $1 AND siren = ANY(string_to_array($2, ',')::bpchar[])
           AND NOT ((siren || '|' || label) = ANY(string_to_array($3, ',')))`,
        [source, sirens.join(','), rows.map((r) => `${r.siren}|${r.label}`).join(',')],
      );
      return c;
    },
  };
}

export type CompanyAgreementRow = {
  siren: string;
  idcc: string;
  source: SourceName;
  sourceDate: string | null;
};

/** Company-level IDCC lists (recherche-entreprises `complements.liste_idcc`), replaced per source. */
export function companyAgreementWriter(conn: Conn): {
  write(sirens: string[], rows: CompanyAgreementRow[], source: SourceName): Promise<Counts>;
} {
  const writer = new TableWriter(conn, {
    table: 'company_agreements',
    key: ['siren', 'idcc', 'source'],
    columns: ['siren', 'idcc', 'source', 'source_date'],
  });
  return {
    async write(sirens, rows, source) {
      if (!sirens.length) return { inserted: 0, updated: 0, unchanged: 0 };
      const c = await writer.upsert(
        rows.map((r) => [r.siren, r.idcc, r.source, r.sourceDate?.slice(0, 10) ?? null]),
      );
      await conn.query(
        `DELETE FROM company_agreements WHERE source = $1 AND siren = ANY(string_to_array($2, ',')::bpchar[])
           AND NOT ((siren || '|' || idcc) = ANY(string_to_array($3, ',')))`,
        [source, sirens.join(','), rows.map((r) => `${r.siren}|${r.idcc}`).join(',')],
      );
      return c;
    },
  };
}
