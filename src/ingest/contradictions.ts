/**
 * Contradictions between sources (issue 28), recomputed after each import for the SIRENs it
 * changed (all of them when it cannot say which), in the import's transaction: one row per company
 * and rule in `company_contradictions`, each side with its source and the date of its statement.
 * Rules and their French labels: src/domain/contradictions.ts. Each rule is one query returning
 * only the companies that break it, so a full pass reads what it must and writes little.
 */
import type { ContradictionSide } from '@/db/schema';
import type { ContradictionRule } from '@/domain/contradictions';
import type { Conn } from './core/conn';
import { TableWriter } from './core/writer';

type Found = { siren: string; rule: ContradictionRule; sides: ContradictionSide[] };

const day = (d: string | null | undefined) => (d ? String(d).slice(0, 10) : null);
const fr = (d: string | null | undefined) => {
  const x = day(d);
  return x ? x.split('-').reverse().join('/') : '?';
};
const money = (v: string) => {
  const n = Number(v);
  return Number.isFinite(n)
    ? `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(n)} €`
    : v;
};
const siret = (s: string) => `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6, 9)} ${s.slice(9)}`;

/**
 * The state's source: SIRENE when it wrote the row, else the source of `status` (the
 * recherche-entreprises API, which republishes SIRENE's state).
 */
const STATE_SOURCE = `CASE WHEN c.sirene_updated_at IS NOT NULL THEN 'sirene' ELSE c.field_sources->'status'->>'source' END`;
const STATE_DATE = `CASE WHEN c.sirene_updated_at IS NOT NULL THEN c.sirene_updated_at::date::text ELSE c.field_sources->'status'->>'date' END`;
/** Role labels compared without the legal form some sources append (« Président de SAS »). */
const ROLE_KEY = `lower(regexp_replace(coalesce(role_label, ''), '\\s+(de|du|d''une?)\\s+(SAS|SASU|SA|SARL|EURL|SNC|SCI|la soci[ée]t[ée]).*$', '', 'i'))`;

/** A value as the RNE and as the latest BODACC notice state it, with their dates. */
type RneBodacc = {
  siren: string;
  rne: string;
  rne_date: string | null;
  bodacc: string;
  bodacc_date: string | null;
};

async function findAll(conn: Conn, scope: string, params: unknown[]): Promise<Found[]> {
  const out: Found[] = [];
  const q = <T>(text: string) => conn.query<T>(text, params);

  // Ceased (SIRENE) with notices but none of strike-off (BODACC).
  for (const r of await q<{
    siren: string;
    ceased: string | null;
    src: string;
    date: string | null;
    last: string;
  }>(
    `SELECT c.siren, c.ceased_date::text AS ceased, ${STATE_SOURCE} AS src, ${STATE_DATE} AS date, n.last::text AS last
       FROM companies c
       JOIN LATERAL (SELECT max(published_at) AS last, bool_or(family = 'radiation') AS struck
                       FROM notices WHERE siren = c.siren) n ON n.last IS NOT NULL
      WHERE ${scope} AND c.status = 'C' AND c.rcs_strike_off_date IS NULL AND NOT n.struck
        AND ${STATE_SOURCE} IN ('sirene', 'recherche-entreprises')`,
  ))
    out.push({
      siren: r.siren,
      rule: 'ceased-not-struck-off',
      sides: [
        {
          source: r.src,
          value: r.ceased ? `Cessée le ${fr(r.ceased)}` : 'Cessée',
          date: day(r.date),
        },
        {
          source: 'bodacc',
          value: `Aucune annonce de radiation (dernière annonce publiée le ${fr(r.last)})`,
          date: day(r.last),
        },
      ],
    });

  // A strike-off notice (BODACC) while SIRENE says active.
  for (const r of await q<{ siren: string; src: string; date: string | null; struck: string }>(
    `SELECT c.siren, ${STATE_SOURCE} AS src, ${STATE_DATE} AS date, n.struck::text AS struck
       FROM companies c
       JOIN LATERAL (SELECT max(published_at) AS struck FROM notices
                      WHERE siren = c.siren AND family = 'radiation') n ON n.struck IS NOT NULL
      WHERE ${scope} AND c.status = 'A' AND ${STATE_SOURCE} IN ('sirene', 'recherche-entreprises')`,
  ))
    out.push({
      siren: r.siren,
      rule: 'struck-off-still-active',
      sides: [
        { source: 'bodacc', value: `Radiation publiée le ${fr(r.struck)}`, date: day(r.struck) },
        { source: r.src, value: 'Active', date: day(r.date) },
      ],
    });

  // A closure, cessation or strike-off date after today.
  const future = new Map<string, ContradictionSide[]>();
  for (const r of await q<{ siren: string; src: string; date: string | null; value: string }>(
    `SELECT c.siren, ${STATE_SOURCE} AS src, ${STATE_DATE} AS date, 'Cessation le ' || to_char(c.ceased_date, 'DD/MM/YYYY') AS value
       FROM companies c WHERE ${scope} AND c.ceased_date > current_date
     UNION ALL
     SELECT c.siren, coalesce(c.field_sources->'rcs_strike_off_date'->>'source', 'bodacc'), c.field_sources->'rcs_strike_off_date'->>'date',
            'Radiation du RCS le ' || to_char(c.rcs_strike_off_date, 'DD/MM/YYYY')
       FROM companies c WHERE ${scope} AND c.rcs_strike_off_date > current_date
     UNION ALL
     SELECT c.siren, c.source, coalesce(c.source_updated_at, c.sirene_updated_at)::date::text,
            'Fermeture de l’établissement ' || c.siret || ' le ' || to_char(c.closed_date, 'DD/MM/YYYY')
       FROM establishments c WHERE ${scope} AND c.closed_date > current_date`,
  )) {
    const list = future.get(r.siren) ?? [];
    list.push({ source: r.src, value: r.value, date: day(r.date) });
    future.set(r.siren, list);
  }
  const today = new Date().toISOString().slice(0, 10);
  for (const [siren, sides] of future)
    out.push({
      siren,
      rule: 'future-closure-date',
      sides: [...sides, { source: 'calendrier', value: `Aujourd’hui : ${fr(today)}`, date: today }],
    });

  // Directors and roles: the RNE's list and the latest BODACC list, compared by name and role;
  // shown without the names (the directors section applies the oppositions to names).
  for (const r of await q<RneBodacc>(
    `WITH d AS (
       SELECT c.siren, c.source, max(c.source_date)::text AS date,
              string_agg(upper(coalesce(c.last_name, c.company_name, '?')) || ' : ' || ${ROLE_KEY}, ' | '
                         ORDER BY upper(coalesce(c.last_name, c.company_name, '?')), ${ROLE_KEY}) AS k,
              count(*) || CASE WHEN count(*) > 1 THEN ' dirigeants : ' ELSE ' dirigeant : ' END
                || string_agg(coalesce(c.role_label, 'qualité non précisée'), ', ' ORDER BY ${ROLE_KEY}) AS shown
         FROM directors c WHERE ${scope} AND c.source IN ('rne', 'bodacc')
        GROUP BY c.siren, c.source)
     SELECT r.siren, r.shown AS rne, r.date AS rne_date, b.shown AS bodacc, b.date AS bodacc_date
       FROM d r JOIN d b ON b.siren = r.siren AND b.source = 'bodacc'
      WHERE r.source = 'rne' AND r.k <> b.k`,
  ))
    out.push({
      siren: r.siren,
      rule: 'roles-differ',
      sides: [
        { source: 'rne', value: r.rne, date: day(r.rne_date) },
        { source: 'bodacc', value: r.bodacc, date: day(r.bodacc_date) },
      ],
    });

  // Head office: SIRENE's against the RNE's.
  for (const r of await q<{
    siren: string;
    nic: string;
    date: string;
    rne: string;
    rne_date: string | null;
  }>(
    `SELECT c.siren, c.head_office_nic AS nic, c.sirene_updated_at::date::text AS date, s.value AS rne, s.date AS rne_date
       FROM companies c JOIN source_claims s
         ON s.siren = c.siren AND s.source = 'rne' AND s.claim = 'head_office_siret'
      WHERE ${scope} AND c.sirene_updated_at IS NOT NULL AND c.head_office_nic IS NOT NULL
        AND s.value IS NOT NULL AND s.value <> c.siren || c.head_office_nic`,
  ))
    out.push({
      siren: r.siren,
      rule: 'head-office-differs',
      sides: [
        { source: 'sirene', value: `Siège : SIRET ${siret(r.siren + r.nic)}`, date: day(r.date) },
        { source: 'rne', value: `Siège : SIRET ${siret(r.rne)}`, date: day(r.rne_date) },
      ],
    });

  // Capital: the RNE's against the latest BODACC notice stating one.
  for (const r of await q<RneBodacc>(
    `SELECT c.siren, r.value AS rne, r.date AS rne_date, b.value AS bodacc, b.date AS bodacc_date
       FROM source_claims c
       JOIN source_claims r ON r.siren = c.siren AND r.source = 'rne' AND r.claim = 'capital'
       JOIN source_claims b ON b.siren = c.siren AND b.source = 'bodacc' AND b.claim = 'capital'
      WHERE ${scope} AND c.source = 'rne' AND c.claim = 'capital'
        AND r.value ~ '^[0-9]+(\\.[0-9]+)?$' AND b.value ~ '^[0-9]+(\\.[0-9]+)?$'
        AND r.value::numeric <> b.value::numeric`,
  ))
    out.push({
      siren: r.siren,
      rule: 'capital-differs',
      sides: [
        { source: 'rne', value: `Capital : ${money(r.rne)}`, date: day(r.rne_date) },
        { source: 'bodacc', value: `Capital : ${money(r.bodacc)}`, date: day(r.bodacc_date) },
      ],
    });
  return out;
}

/**
 * Recomputes the contradictions of `sirens` (null: every company). Rows no longer true are
 * removed, new ones added; a row whose sides are unchanged keeps its detection date.
 */
export async function refreshContradictions(
  conn: Conn,
  sirens: readonly string[] | null,
): Promise<number> {
  if (sirens && sirens.length === 0) return 0;
  // A set to join, not `= ANY(array)`: with 50,000 SIRENs (a day of changes) the planner put the
  // array in the inner index scan of a nested loop, sorted and probed it once per outer row:
  // 7 minutes at 1 M units, against half a second (docs/SCALE.md). And a table with its own key
  // and statistics, not `IN (SELECT unnest($1))`: a source_claims whose statistics still said one
  // row (claims written by the same import) put the unnest's 77,000 SIRENs, hashed again for each
  // of 1,044 claims, inside a nested loop: 50 s and 48 s of a day's establishments at 1 M, against
  // 24 ms and 5 ms (docs/SCALE.md).
  if (sirens) {
    await conn.query('DROP TABLE IF EXISTS pg_temp.contradiction_scope');
    await conn.query('CREATE TEMP TABLE contradiction_scope (siren char(9) PRIMARY KEY)');
    await conn.query(
      `INSERT INTO contradiction_scope SELECT DISTINCT s FROM unnest($1::bpchar[]) s
        WHERE length(s) <= 9`,
      [sirens],
    );
    await conn.query('ANALYZE contradiction_scope');
  }
  try {
    const scope = sirens ? `c.siren IN (SELECT siren FROM contradiction_scope)` : 'TRUE';
    const found = await findAll(conn, scope, []);
    const keys = found.map((f) => `${f.siren}:${f.rule}`);
    // NOT IN a subquery is hashed once; `NOT (… = ANY(array))` compared every row with the whole
    // array (a day's thousands of rules × the table).
    const keep = `(c.siren || ':' || c.rule) NOT IN (SELECT unnest($1::text[]))`;
    await conn.query(`DELETE FROM company_contradictions c WHERE ${scope} AND ${keep}`, [keys]);
    await conn.query(
      `INSERT INTO company_contradictions (siren, rule, sides)
       SELECT x.siren, x.rule, x.sides::jsonb
         FROM unnest($1::text[], $2::text[], $3::text[]) AS x(siren, rule, sides)
       ON CONFLICT (siren, rule) DO UPDATE SET sides = EXCLUDED.sides, detected_at = now()
        WHERE company_contradictions.sides IS DISTINCT FROM EXCLUDED.sides`,
      [
        found.map((f) => f.siren),
        found.map((f) => f.rule),
        found.map((f) => JSON.stringify(f.sides)),
      ],
    );
    return found.length;
  } finally {
    // Dropped now (the import's later files build their own); in a failed transaction it goes
    // with the rollback.
    if (sirens)
      await conn.query('DROP TABLE IF EXISTS pg_temp.contradiction_scope').catch(() => {});
  }
}

/** What a source states about a compared fact (`source_claims`), the newest statement winning. */
export type Claim = {
  siren: string;
  claim: 'capital' | 'head_office_siret';
  value: string;
  date: string | null;
};

export function claimWriter(conn: Conn, source: 'rne' | 'bodacc') {
  const writer = new TableWriter(conn, {
    table: 'source_claims',
    key: ['siren', 'source', 'claim'],
    columns: ['siren', 'source', 'claim', 'value', 'date'],
    newerWhen: `t.date IS NULL OR EXCLUDED.date >= t.date`,
    dateIndex: 4,
  });
  return {
    write: (claims: Claim[]) =>
      writer.upsert(claims.map((c) => [c.siren, source, c.claim, c.value, c.date])),
  };
}
