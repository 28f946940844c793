import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { clean, sourceRef, type SourceRef } from './result';

export type NoticeView = {
  id: string;
  bodaccKind: string;
  family: string;
  familyLabel: string;
  typeLabel: string | null;
  publishedAt: string;
  issueNumber: string | null;
  noticeNumber: string | null;
  court: string | null;
  text: string | null;
  source: SourceRef;
};

const FAMILIES: Record<string, string> = {
  creation: 'Création',
  immatriculation: 'Immatriculation',
  vente: 'Vente et cession',
  modification: 'Modification',
  radiation: 'Radiation',
  'depot-comptes': 'Dépôt des comptes',
  dpc: 'Dépôt des comptes',
  collective: 'Procédure collective',
  'retablissement-professionnel': 'Rétablissement professionnel',
  retablissement_professionnel: 'Rétablissement professionnel',
  procedure: 'Procédure collective',
  'procedure-collective': 'Procédure collective',
  conciliation: 'Procédure de conciliation',
  retablissement: 'Rétablissement professionnel',
};

export function familyLabel(family: string): string {
  return FAMILIES[family] ?? family.charAt(0).toUpperCase() + family.slice(1).replace(/-/g, ' ');
}

type Row = {
  id: string;
  bodacc_kind: string;
  family: string;
  type_label: string | null;
  published_at: string;
  issue_number: string | null;
  notice_number: string | null;
  court: string | null;
  text: string | null;
};

/**
 * BODACC notices of a company, newest first. A protected natural person's notices are kept (the
 * BODACC publishes them) but their free text, which names the person, is not.
 */
export async function listNotices(
  db: Db,
  company: { siren: string; protected: boolean; isNaturalPerson: boolean },
  opts: { limit?: number; offset?: number } = {},
): Promise<{ items: NoticeView[]; total: number }> {
  const limit = opts.limit ?? 200;
  const [rows, count] = await Promise.all([
    queryRows<Row>(
      db,
      sql`SELECT id, bodacc_kind, family, type_label, published_at::text AS published_at,
                 issue_number, notice_number, court, text
          FROM notices WHERE siren = ${company.siren}
          ORDER BY published_at DESC, id DESC LIMIT ${limit} OFFSET ${opts.offset ?? 0}`,
      { prepared: true },
    ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM notices WHERE siren = ${company.siren}`,
      { prepared: true },
    ),
  ]);
  const hideText = company.protected && company.isNaturalPerson;
  return {
    total: count[0]?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      bodaccKind: r.bodacc_kind,
      family: r.family,
      familyLabel: familyLabel(r.family),
      typeLabel: clean(r.type_label),
      publishedAt: r.published_at,
      issueNumber: r.issue_number,
      noticeNumber: r.notice_number,
      court: clean(r.court),
      text: hideText ? null : clean(r.text),
      source: sourceRef('bodacc', r.published_at),
    })),
  };
}

export type InsolvencyView = {
  id: string;
  judgmentDate: string | null;
  nature: string | null;
  state: string | null;
  stateLabel: string | null;
  court: string | null;
  complement: string | null;
};

export type InsolvencySummary = {
  items: InsolvencyView[];
  /** The latest judgment's state: what the company is under today, per the BODACC. */
  current: InsolvencyView | null;
  source: SourceRef;
};

const STATES: Record<string, string> = {
  sauvegarde: 'Procédure de sauvegarde',
  'sauvegarde-acceleree': 'Sauvegarde accélérée',
  redressement: 'Redressement judiciaire',
  liquidation: 'Liquidation judiciaire',
  'liquidation-simplifiee': 'Liquidation judiciaire simplifiée',
  plan: 'Plan de sauvegarde ou de redressement',
  'plan-sauvegarde': 'Plan de sauvegarde',
  'plan-redressement': 'Plan de redressement',
  cloture: 'Procédure clôturée',
  'cloture-insuffisance-actif': "Clôture pour insuffisance d'actif",
  conciliation: 'Conciliation',
  retablissement: 'Rétablissement professionnel',
};

export function insolvencyStateLabel(state: string | null): string | null {
  if (!state) return null;
  return STATES[state] ?? state.charAt(0).toUpperCase() + state.slice(1).replace(/-/g, ' ');
}

export async function listInsolvency(db: Db, siren: string): Promise<InsolvencySummary> {
  const rows = await queryRows<{
    id: string;
    judgment_date: string | null;
    nature: string | null;
    state: string | null;
    court: string | null;
    complement: string | null;
  }>(
    db,
    sql`SELECT id, judgment_date::text AS judgment_date, nature, state, court, complement
        FROM insolvency_proceedings WHERE siren = ${siren}
        ORDER BY judgment_date DESC NULLS LAST, id DESC`,
    { prepared: true },
  );
  const items = rows.map((r) => ({
    id: r.id,
    judgmentDate: r.judgment_date,
    nature: clean(r.nature),
    state: r.state,
    stateLabel: insolvencyStateLabel(r.state),
    court: clean(r.court),
    complement: clean(r.complement),
  }));
  return { items, current: items[0] ?? null, source: sourceRef('bodacc', items[0]?.judgmentDate) };
}
