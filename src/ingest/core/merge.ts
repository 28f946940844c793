/**
 * Assembling one company from several sources. SIRENE owns the identity columns it publishes; the
 * other sources fill what SIRENE lacks (capital, registry court, activity text) or stand in until
 * SIRENE data arrives. Per field: the higher-ranked source wins; within one source, the newer date.
 * Each field written here records its source and date in companies.field_sources.
 */
import type { FieldSource, SourceName } from '@/db/schema';
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
