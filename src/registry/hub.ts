/**
 * The data hub (/hub-data): lists computed from the database at request time, each with its
 * method and the date of the data it reflects. Protected people are left out as everywhere
 * (partial diffusion of natural persons, opposition requests: `LISTABLE`).
 */
import { CONTRADICTION_RULES, type ContradictionRule } from '@/domain/contradictions';
import { ACTIVE_COMPANY } from '@/domain/sql-fragments';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { headcountBandLabel } from '@/domain/legal-forms';
import { slugify } from '@/domain/slug';
import { departmentLabel } from '@/domain/reference/departments';
import { nafSectionLabel, nafSectionOf } from '@/domain/reference/naf';
import { LABEL_CODES, LABELS } from './company-labels';
import { clean } from './result';
import { cached } from './cache';
import { insolvencyStateLabel } from './notices';
import { LISTABLE } from './opposition';
import { BAND_ORDER } from './similar';
import { withStatementTimeout } from './timeout';
import { departmentOfCommuneSql } from '@/domain/sql-fragments';

/** A list may not hold the page longer than this; past it, the page says so. */
const HUB_TIMEOUT_MS = 3_000;

export type HubListId =
  | 'procedures-collectives-recentes'
  | 'nouvelles-entreprises-par-departement'
  | 'plus-grands-employeurs-par-secteur';

export type HubListInfo = { id: HubListId; title: string; summary: string; method: string };

export const HUB_LISTS: readonly HubListInfo[] = [
  {
    id: 'procedures-collectives-recentes',
    title: 'Derniers jugements de procédure collective',
    summary:
      'Les 50 jugements d’ouverture, de plan, de liquidation ou de clôture les plus récents publiés au BODACC.',
    method:
      'Jugements des procédures collectives lus dans les annonces du BODACC (bulletin A), triés par date de jugement décroissante. Les entrepreneurs individuels en diffusion partielle et les personnes ayant exercé leur droit d’opposition sont exclus.',
  },
  {
    id: 'nouvelles-entreprises-par-departement',
    title: 'Entreprises créées dans la semaine, par département',
    summary:
      'Le nombre d’entreprises créées pendant les sept derniers jours connus du répertoire Sirene, département par département.',
    method:
      'Unités légales du répertoire Sirene dont la date de création tombe dans les sept jours qui se terminent à la date de création la plus récente de notre base, rattachées au département de la commune de leur siège. Les entreprises en diffusion partielle sont comptées mais jamais nommées.',
  },
  {
    id: 'plus-grands-employeurs-par-secteur',
    title: 'Plus grands employeurs par secteur',
    summary:
      'Dans chaque section de la nomenclature d’activités (NAF), les cinq entreprises actives à la plus grande tranche d’effectif salarié.',
    method:
      'Entreprises actives du répertoire Sirene d’au moins 50 salariés, classées par tranche d’effectif salarié déclarée (la plus récente connue de l’INSEE), puis par nombre d’établissements ouverts, dans la section NAF de leur activité principale.',
  },
];

export function hubList(id: string): HubListInfo | undefined {
  return HUB_LISTS.find((l) => l.id === id);
}

export type CompanyLink = { siren: string; name: string; href: string };

export type HubTable = {
  info: HubListInfo;
  /** Date of the newest data the list reflects (ISO day), null when the base holds none. */
  dataDate: string | null;
  /** When the list was computed. */
  computedAt: string;
  columns: string[];
  rows: Array<Array<string | CompanyLink>>;
  /** Set when the list could not be computed in time. */
  unavailable?: boolean;
};

function company(siren: string, name: string | null): CompanyLink {
  const n = clean(name) ?? siren;
  return { siren, name: n, href: `/entreprises/${siren}/${slugify(n) || 'entreprise'}` };
}

const frDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'UTC' });
const day = (d: string | null) =>
  d ? frDate.format(new Date(`${d.slice(0, 10)}T00:00:00Z`)) : '—';
const isoDay = (d: unknown) =>
  d ? (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10) : null;

async function insolvencies(db: Db): Promise<Omit<HubTable, 'info' | 'computedAt'>> {
  const rows = await withStatementTimeout(db, HUB_TIMEOUT_MS, (tx) =>
    queryRows<{
      siren: string;
      name: string | null;
      judgment_date: string | null;
      nature: string | null;
      state: string | null;
      court: string | null;
    }>(
      tx,
      sql`SELECT p.siren, c.name, p.judgment_date::text AS judgment_date, p.nature, p.state, p.court
        FROM insolvency_proceedings p
        JOIN companies c ON c.siren = p.siren
        WHERE ${LISTABLE} AND p.judgment_date IS NOT NULL AND p.judgment_date <= CURRENT_DATE
        ORDER BY p.judgment_date DESC, p.id
        LIMIT 50`,
    ),
  );
  return {
    dataDate: rows[0]?.judgment_date ?? null,
    columns: ['Date du jugement', 'Entreprise', 'Jugement', 'Tribunal'],
    rows: rows.map((r) => [
      day(r.judgment_date),
      company(r.siren, r.name),
      clean(r.nature) ?? insolvencyStateLabel(r.state) ?? '—',
      clean(r.court) ?? '—',
    ]),
  };
}

async function creationsByDepartment(db: Db): Promise<Omit<HubTable, 'info' | 'computedAt'>> {
  return withStatementTimeout(db, HUB_TIMEOUT_MS, async (tx) => {
    const [last] = await queryRows<{ d: unknown }>(
      tx,
      sql`SELECT max(creation_date) AS d FROM companies WHERE creation_date <= CURRENT_DATE`,
    );
    const end = isoDay(last?.d);
    if (!end) return { dataDate: null, columns: [], rows: [] };
    const rows = await queryRows<{ department: string | null; n: number | string }>(
      tx,
      sql`SELECT ${departmentOfCommuneSql(sql`e.commune_code`)} AS department,
                 count(*) AS n
        FROM companies c
        LEFT JOIN establishments e ON e.siret = (c.siren || c.head_office_nic)::char(14)
        WHERE c.creation_date > ${end}::date - 7 AND c.creation_date <= ${end}::date
        GROUP BY 1
        ORDER BY 2 DESC, 1`,
    );
    return {
      dataDate: end,
      columns: ['Département', 'Entreprises créées'],
      rows: rows.map((r) => [
        r.department
          ? `${r.department} — ${departmentLabel(r.department) ?? 'département inconnu'}`
          : 'Siège à l’étranger ou non renseigné',
        new Intl.NumberFormat('fr-FR').format(Number(r.n)),
      ]),
    };
  });
}

async function largestEmployers(db: Db): Promise<Omit<HubTable, 'info' | 'computedAt'>> {
  const rows = await withStatementTimeout(db, HUB_TIMEOUT_MS, (tx) =>
    queryRows<{
      siren: string;
      name: string | null;
      naf_code: string | null;
      headcount_band: string | null;
      headcount_year: number | null;
    }>(
      tx,
      sql`SELECT c.siren, c.name, c.naf_code, c.headcount_band, c.headcount_year
        FROM companies c
        WHERE ${ACTIVE_COMPANY} AND c.headcount_band ~ '^[0-9]{2}$' AND c.headcount_band >= '21'
          AND c.name IS NOT NULL AND ${LISTABLE}
        ORDER BY ${BAND_ORDER}, c.open_establishments DESC, c.siren
        LIMIT 5000`,
    ),
  );
  const bySection = new Map<string, typeof rows>();
  for (const r of rows) {
    const section = nafSectionOf(r.naf_code);
    if (!section) continue;
    const list = bySection.get(section) ?? [];
    if (list.length < 5) bySection.set(section, [...list, r]);
  }
  const years = rows.map((r) => r.headcount_year).filter((y): y is number => !!y);
  return {
    dataDate: years.length ? `${Math.max(...years)}-12-31` : null,
    columns: ['Secteur (section NAF)', 'Entreprise', 'Effectif salarié', 'Année'],
    rows: [...bySection.keys()]
      .sort()
      .flatMap((section) =>
        bySection
          .get(section)!
          .map((r) => [
            `${section} — ${nafSectionLabel(section) ?? ''}`,
            company(r.siren, r.name),
            headcountBandLabel(r.headcount_band) ?? '—',
            r.headcount_year ? String(r.headcount_year) : '—',
          ]),
      ),
  };
}

const COMPUTE: Record<HubListId, (db: Db) => Promise<Omit<HubTable, 'info' | 'computedAt'>>> = {
  'procedures-collectives-recentes': insolvencies,
  'nouvelles-entreprises-par-departement': creationsByDepartment,
  'plus-grands-employeurs-par-secteur': largestEmployers,
};

/** One list of the hub, computed now; null for an unknown id. */
export async function loadHubList(db: Db, id: string, now = new Date()): Promise<HubTable | null> {
  const info = hubList(id);
  if (!info) return null;
  try {
    return { info, computedAt: now.toISOString(), ...(await COMPUTE[info.id](db)) };
  } catch {
    return {
      info,
      computedAt: now.toISOString(),
      dataDate: null,
      columns: [],
      rows: [],
      unavailable: true,
    };
  }
}

export type KeyFigures = {
  companies: number;
  activeCompanies: number;
  establishments: number;
  notices: number;
  lastImport: string | null;
  /** Companies on which two sources contradict each other, in all and per rule (issue 28). */
  contradictions: { companies: number; byRule: Partial<Record<ContradictionRule, number>> };
  /** Companies holding each label (company_labels, every source), with its newest source date. */
  labels: Array<{ code: string; label: string; companies: number; date: string | null }>;
};

/**
 * Key figures of our database (press kit, data hub), kept 5 minutes (no personal data in them:
 * the lists above, which name companies, are computed on each request so an opposition applies
 * at once).
 */
export function keyFigures(db: Db): Promise<KeyFigures | null> {
  return cached(
    'hub:key-figures',
    () => countKeyFigures(db),
    (v) => v !== null,
  );
}

async function countKeyFigures(db: Db): Promise<KeyFigures | null> {
  try {
    return await withStatementTimeout(db, HUB_TIMEOUT_MS, async (tx) => {
      const [r] = await queryRows<{
        companies: string;
        active: string;
        establishments: string;
        notices: string;
        last_import: unknown;
        contradicted: string;
        by_rule: Record<string, number> | null;
        labels: Array<[string, number, string | null]> | null;
      }>(
        tx,
        sql`SELECT (SELECT count(*) FROM companies) AS companies,
                   (SELECT count(*) FROM companies c WHERE ${ACTIVE_COMPANY}) AS active,
                   (SELECT count(*) FROM establishments) AS establishments,
                   (SELECT count(*) FROM notices) AS notices,
                   (SELECT max(finished_at) FROM import_runs) AS last_import,
                   (SELECT count(DISTINCT siren) FROM company_contradictions) AS contradicted,
                   (SELECT jsonb_object_agg(rule, n) FROM (SELECT rule, count(*) AS n
                      FROM company_contradictions GROUP BY rule) x) AS by_rule,
                   (SELECT jsonb_agg(jsonb_build_array(label, n, d)) FROM (
                      SELECT label, count(DISTINCT siren) AS n, max(source_date)::text AS d
                      FROM company_labels GROUP BY label) l) AS labels`,
      );
      return {
        companies: Number(r?.companies ?? 0),
        activeCompanies: Number(r?.active ?? 0),
        establishments: Number(r?.establishments ?? 0),
        notices: Number(r?.notices ?? 0),
        lastImport: isoDay(r?.last_import),
        contradictions: {
          companies: Number(r?.contradicted ?? 0),
          byRule: Object.fromEntries(
            Object.entries(r?.by_rule ?? {}).filter(([k]) =>
              (CONTRADICTION_RULES as readonly string[]).includes(k),
            ),
          ) as Partial<Record<ContradictionRule, number>>,
        },
        labels: (r?.labels ?? [])
          .map(([code, companies, date]) => ({
            code,
            label: LABELS[code]?.label ?? code,
            companies: Number(companies),
            date,
          }))
          .sort((a, b) => LABEL_CODES.indexOf(a.code) - LABEL_CODES.indexOf(b.code)),
      };
    });
  } catch {
    return null;
  }
}

/** Each source's last finished import, `YYYY-MM-DDTHH:MM:SS` (UTC), source order. */
export async function lastImportPerSource(db: Db): Promise<Array<{ source: string; at: string }>> {
  return queryRows<{ source: string; at: string }>(
    db,
    sql`SELECT source, to_char(max(finished_at), 'YYYY-MM-DD"T"HH24:MI:SS') AS at
        FROM import_runs WHERE finished_at IS NOT NULL GROUP BY source ORDER BY source`,
  );
}
