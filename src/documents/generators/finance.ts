/**
 * Financial documents from the ratios of published accounts (INPI / BCE dataset): key figures,
 * diagnostic and solvency score. Every threshold is printed in the document: the method is ours,
 * explained, and never passed off as a Banque de France or credit-insurer rating.
 */
import type { Db } from '@/db/client';
import {
  headlineYears,
  listFinancials,
  splitSeries,
  type FinancialYear,
} from '@/registry/finances';
import { listInsolvency, type InsolvencySummary } from '@/registry/notices';
import { failure, success } from '@/lib/errors';
import { formatDecimal, formatEuros, formatLongDate, formatPercent } from '../format';
import type { Block, TableBlock } from '../model';
import { modelOf, type Check, type Generator } from './common';

type Unit = 'percent' | 'ratio' | 'years' | 'days';

/** One scored criterion: its ratio, plausible range (the dataset writes 0 or absurd values for "not given") and bands. */
type Criterion = {
  key: string;
  label: string;
  unit: Unit;
  /** Values outside are not figures but source artefacts, left out. */
  plausible: [number, number];
  /** [threshold, points] from best to worst; `higher` says which way is better. */
  bands: Array<[number, number]>;
  higher: boolean;
  explain: string;
};

const CRITERIA: Criterion[] = [
  {
    key: 'autonomie_financiere',
    label: 'Autonomie financière (capitaux propres / total du bilan)',
    unit: 'percent',
    plausible: [-100, 100],
    bands: [
      [40, 25],
      [25, 18],
      [15, 12],
      [5, 6],
    ],
    higher: true,
    explain: '25 points à 40 % et plus, 18 dès 25 %, 12 dès 15 %, 6 dès 5 %, 0 en dessous.',
  },
  {
    key: 'ratio_de_liquidite',
    label: 'Liquidité générale (actif circulant / dettes à court terme)',
    unit: 'ratio',
    plausible: [0.01, 20],
    bands: [
      [1.5, 25],
      [1.2, 18],
      [1, 12],
      [0.8, 6],
    ],
    higher: true,
    explain: '25 points à 1,5 et plus, 18 dès 1,2, 12 dès 1, 6 dès 0,8, 0 en dessous.',
  },
  {
    key: 'capacite_de_remboursement',
    label: 'Capacité de remboursement (dettes financières / capacité d’autofinancement, en années)',
    unit: 'years',
    plausible: [0.01, 50],
    bands: [
      [2, 25],
      [4, 18],
      [6, 12],
      [10, 6],
    ],
    higher: false,
    explain:
      '25 points à 2 ans ou moins, 18 jusqu’à 4 ans, 12 jusqu’à 6 ans, 6 jusqu’à 10 ans, 0 au-delà.',
  },
  {
    key: 'net_margin',
    label: 'Marge nette (résultat net / chiffre d’affaires)',
    unit: 'percent',
    plausible: [-100, 100],
    bands: [
      [8, 25],
      [4, 18],
      [1, 12],
      [0, 6],
    ],
    higher: true,
    explain: '25 points à 8 % et plus, 18 dès 4 %, 12 dès 1 %, 6 dès 0 %, 0 pour une perte.',
  },
];

export type ScoredCriterion = {
  key: string;
  label: string;
  value: number | null;
  points: number | null;
  note: string | null;
};

export type Score = {
  year: FinancialYear;
  criteria: ScoredCriterion[];
  /** 0 to 100, or null when fewer than two criteria could be read. */
  score: number | null;
  grade: 'A' | 'B' | 'C' | 'D' | 'E' | null;
  capped: string | null;
};

function ratioValue(y: FinancialYear, key: string): number | null {
  if (key === 'net_margin') return y.netMargin;
  const r = [...y.incomeStatement, ...y.balanceSheet].find((x) => x.key === key);
  return r ? r.value : null;
}

function pointsOf(c: Criterion, v: number): number {
  for (const [t, pts] of c.bands) if (c.higher ? v >= t : v <= t) return pts;
  return 0;
}

const GRADES: Array<[number, Score['grade']]> = [
  [80, 'A'],
  [65, 'B'],
  [50, 'C'],
  [35, 'D'],
  [0, 'E'],
];

export function scoreYear(y: FinancialYear, insolvency: InsolvencySummary | null): Score {
  const criteria = CRITERIA.map((c) => {
    const v = ratioValue(y, c.key);
    if (v == null)
      return { key: c.key, label: c.label, value: null, points: null, note: 'non publié' };
    if (v < c.plausible[0] || v > c.plausible[1] || (v === 0 && c.unit !== 'percent')) {
      return {
        key: c.key,
        label: c.label,
        value: v,
        points: null,
        note: 'valeur publiée hors des bornes plausibles, écartée',
      };
    }
    return { key: c.key, label: c.label, value: v, points: pointsOf(c, v), note: null };
  });
  const read = criteria.filter((c) => c.points != null);
  let score =
    read.length >= 2
      ? Math.round((read.reduce((s, c) => s + c.points!, 0) / (read.length * 25)) * 100)
      : null;
  let capped: string | null = null;
  const state = insolvency?.current?.state ?? '';
  if (score != null && /redressement|liquidation|sauvegarde/.test(state)) {
    score = Math.min(score, 20);
    capped = `La note est plafonnée à 20 : une procédure collective est en cours (${insolvency!.current!.stateLabel}).`;
  }
  const grade = score == null ? null : (GRADES.find(([min]) => score! >= min)?.[1] ?? 'E');
  return { year: y, criteria, score, grade, capped };
}

/** The latest year whose ratios allow a score, else the latest year. */
export function analysedYear(headline: FinancialYear[]): FinancialYear | undefined {
  return headline.find((y) => scoreYear(y, null).score != null) ?? headline[0];
}

/** The year before, in the same series (company accounts are never compared with the group's). */
const previousOf = (headline: FinancialYear[], y: FinancialYear) =>
  headline.find((p) => p.fiscalYear < y.fiscalYear && p.series === y.series);

const unitText = (v: number, unit: Unit) =>
  unit === 'percent'
    ? formatPercent(v)
    : unit === 'years'
      ? `${formatDecimal(v, 1)} ans`
      : unit === 'days'
        ? `${Math.round(v)} jours`
        : formatDecimal(v);

/** The figures the diagnostic uses (GET /api/financial-diagnostics/{siren}/stats). */
export async function financialStats(db: Db, siren: string) {
  const [years, insolvency] = await Promise.all([
    listFinancials(db, siren),
    listInsolvency(db, siren),
  ]);
  const headline = headlineYears(years);
  const latest = analysedYear(headline) ?? null;
  const score = latest ? scoreYear(latest, insolvency) : null;
  return {
    siren,
    years: headline.map((y) => ({
      fiscalYear: y.fiscalYear,
      closingDate: y.closingDate,
      series: y.series,
      accountsType: y.accountsTypeLabel,
      revenue: y.revenue,
      netResult: y.netResult,
      ebitda: y.ebitda,
      netMargin: y.netMargin,
      ebitdaMargin: y.ebitdaMargin,
      ratios: Object.fromEntries(
        [...y.incomeStatement, ...y.balanceSheet].map((r) => [r.key, r.value]),
      ),
      source: y.source,
    })),
    score: score
      ? {
          fiscalYear: score.year.fiscalYear,
          value: score.score,
          grade: score.grade,
          capped: score.capped,
          criteria: score.criteria,
        }
      : null,
    insolvency: insolvency.current
      ? {
          state: insolvency.current.state,
          label: insolvency.current.stateLabel,
          judgmentDate: insolvency.current.judgmentDate,
        }
      : null,
  };
}

export const financialsCheck: Check = async ({ db, profile }) =>
  (await listFinancials(db, profile.siren)).length
    ? null
    : 'Aucun compte annuel publié n’est disponible pour cette entreprise (comptes non déposés, confidentiels ou entreprise non tenue d’en publier).';

export const scoreCheck: Check = async (ctx) => {
  const none = await financialsCheck(ctx);
  if (none) return none;
  const latest = analysedYear(headlineYears(await listFinancials(ctx.db, ctx.profile.siren)))!;
  return scoreYear(latest, null).score == null
    ? 'Aucun exercice publié ne contient assez de ratios exploitables pour calculer une note.'
    : null;
};

function yearsTable(years: FinancialYear[], sheet: string, primary: boolean): TableBlock {
  return {
    type: 'table',
    sheet,
    primary,
    columns: [
      { label: 'Exercice', width: 0.6 },
      { label: 'Clôture', kind: 'date', width: 0.8 },
      { label: 'Comptes', width: 1.1 },
      { label: 'Chiffre d’affaires', kind: 'euros', width: 1.2 },
      { label: 'EBE', kind: 'euros', width: 1.1 },
      { label: 'Résultat net', kind: 'euros', width: 1.1 },
      { label: 'Marge d’EBE', kind: 'percent', width: 0.7 },
      { label: 'Marge nette', kind: 'percent', width: 0.7 },
    ],
    rows: years.map((y) => [
      String(y.fiscalYear),
      y.closingDate,
      y.accountsTypeLabel,
      y.revenue,
      y.ebitda,
      y.netResult,
      y.ebitdaMargin,
      y.netMargin,
    ]),
    empty: 'Aucun exercice publié.',
    source: years[0]?.source ?? null,
  };
}

const SHEETS: Record<FinancialYear['series'], string> = {
  company: 'Comptes sociaux',
  consolidated: 'Comptes consolidés',
  unspecified: 'Sans type de comptes',
};

export const keyFigures: Generator = async (ctx) => {
  const years = await listFinancials(ctx.db, ctx.profile.siren);
  if (!years.length) return failure('DOCUMENT_UNAVAILABLE', (await financialsCheck(ctx))!);
  // One table per series, as on the page: figures published without an accounts type (the
  // Annuaire's) are never put among the company's own accounts.
  const blocks: Block[] = splitSeries(years).flatMap((series, i): Block[] => [
    { type: 'heading', text: series.label },
    yearsTable(series.years, SHEETS[series.kind], i === 0),
  ]);
  const notes = [...new Set(years.flatMap((y) => y.notes))];
  for (const n of notes) blocks.push({ type: 'paragraph', style: 'note', text: n });
  blocks.push({
    type: 'paragraph',
    style: 'note',
    text: 'Montants en euros, tels que publiés. Les comptes consolidés (groupe) et les comptes sociaux (la seule entreprise) ne se comparent pas entre eux.',
  });
  return success(
    modelOf(
      ctx,
      'key-figures',
      blocks,
      years.map((y) => y.source),
    ),
  );
};

export const financialDiagnostics: Generator = async (ctx) => {
  const [years, insolvency] = await Promise.all([
    listFinancials(ctx.db, ctx.profile.siren),
    listInsolvency(ctx.db, ctx.profile.siren),
  ]);
  const headline = headlineYears(years);
  if (!headline.length) return failure('DOCUMENT_UNAVAILABLE', (await financialsCheck(ctx))!);
  const latest = analysedYear(headline)!;
  const prev = previousOf(headline, latest);
  const s = scoreYear(latest, insolvency);
  const blocks: Block[] = [
    {
      type: 'paragraph',
      text: `Analyse de l’exercice ${latest.fiscalYear} (clôture du ${formatLongDate(latest.closingDate)}, ${latest.accountsTypeLabel?.toLowerCase() ?? 'type de comptes non précisé'}), à partir des ratios publiés par l’INPI.`,
    },
    ...(latest !== headline[0]
      ? [
          {
            type: 'paragraph',
            style: 'note',
            text: `Le dernier exercice publié (${headline[0]!.fiscalYear}) ne contient pas assez de ratios : l’analyse porte sur l’exercice ${latest.fiscalYear}, le plus récent qui en contient.`,
          } as Block,
        ]
      : []),
    { type: 'heading', text: 'Activité et rentabilité' },
    {
      type: 'fields',
      fields: [
        {
          label: 'Chiffre d’affaires',
          value: latest.revenue != null ? formatEuros(latest.revenue) : 'Non publié',
          source: latest.source,
        },
        {
          label: 'Évolution',
          value:
            prev?.revenue && latest.revenue != null
              ? `${formatPercent(((latest.revenue - prev.revenue) / Math.abs(prev.revenue)) * 100)} par rapport à ${prev.fiscalYear}`
              : 'Non calculable (exercice précédent non publié)',
          source: prev?.source ?? latest.source,
        },
        {
          label: 'Excédent brut d’exploitation',
          value: latest.ebitda != null ? formatEuros(latest.ebitda) : 'Non publié',
          source: latest.source,
        },
        {
          label: 'Résultat net',
          value: latest.netResult != null ? formatEuros(latest.netResult) : 'Non publié',
          source: latest.source,
        },
        {
          label: 'Marge nette',
          value: latest.netMargin != null ? formatPercent(latest.netMargin) : 'Non calculable',
          source: latest.source,
        },
      ],
    },
    { type: 'heading', text: 'Structure financière et liquidité' },
    {
      type: 'table',
      sheet: 'Ratios',
      primary: true,
      columns: [
        { label: 'Ratio', width: 3 },
        { label: 'Valeur', width: 1 },
      ],
      rows: [...latest.incomeStatement, ...latest.balanceSheet].map((r) => [
        r.label,
        r.unit === 'eur'
          ? formatEuros(r.value)
          : unitText(r.value, r.unit === 'ratio' ? 'ratio' : r.unit),
      ]),
      empty: 'Aucun ratio publié pour cet exercice.',
      source: latest.source,
    },
    { type: 'heading', text: 'Appréciation' },
    ...s.criteria.map((c): Block => ({
      type: 'paragraph',
      text: `${c.label} : ${c.value == null ? 'non publiée' : c.points == null ? `${formatDecimal(c.value)} — ${c.note}` : `${unitText(c.value, CRITERIA.find((k) => k.key === c.key)!.unit)}, ${c.points >= 18 ? 'favorable' : c.points >= 12 ? 'correcte' : c.points >= 6 ? 'fragile' : 'défavorable'}`}.`,
    })),
    {
      type: 'paragraph',
      style: 'strong',
      text:
        s.score == null
          ? 'Les ratios publiés ne suffisent pas à une appréciation d’ensemble.'
          : `Appréciation d’ensemble : ${s.score} sur 100 (classe ${s.grade}).`,
    },
    ...(s.capped ? [{ type: 'paragraph', text: s.capped } as Block] : []),
    { type: 'heading', text: 'Évolution sur les exercices publiés' },
    yearsTable(headline, 'Exercices', false),
    ...methodBlocks(),
  ];
  return success(modelOf(ctx, 'financial-diagnostics', blocks, [latest.source, insolvency.source]));
};

function methodBlocks(): Block[] {
  return [
    { type: 'heading', text: 'Méthode' },
    {
      type: 'paragraph',
      text: 'Quatre critères, notés chacun sur 25 points à partir des ratios du dernier exercice publié ; la note sur 100 est la somme des points obtenus rapportée au nombre de critères lisibles (au moins deux). Classes : A dès 80, B dès 65, C dès 50, D dès 35, E en dessous.',
    },
    ...CRITERIA.map((c): Block => ({
      type: 'paragraph',
      style: 'note',
      text: `${c.label} : ${c.explain}`,
    })),
    {
      type: 'paragraph',
      style: 'note',
      text: 'Une valeur manifestement erronée (par exemple une liquidité négative ou une autonomie financière supérieure à 100 %) est écartée plutôt que notée. Une procédure collective en cours plafonne la note à 20. Cette note est une aide à la lecture des comptes publiés ; elle ne remplace ni une cotation de la Banque de France ni l’avis d’un professionnel.',
    },
  ];
}

function scoreGenerator(kind: 'solvency-scores' | 'pole-score-grades'): Generator {
  return async (ctx) => {
    const [years, insolvency] = await Promise.all([
      listFinancials(ctx.db, ctx.profile.siren),
      listInsolvency(ctx.db, ctx.profile.siren),
    ]);
    const latest = analysedYear(headlineYears(years));
    if (!latest) return failure('DOCUMENT_UNAVAILABLE', (await financialsCheck(ctx))!);
    const s = scoreYear(latest, insolvency);
    if (s.score == null) return failure('DOCUMENT_UNAVAILABLE', (await scoreCheck(ctx))!);
    const blocks: Block[] = [
      {
        type: 'paragraph',
        style: 'strong',
        text:
          kind === 'pole-score-grades'
            ? `Note de solidité financière : ${s.grade} (${s.score} sur 100).`
            : `Score de solvabilité : ${s.score} sur 100 (classe ${s.grade}).`,
      },
      {
        type: 'paragraph',
        text: `Calculé sur l’exercice ${latest.fiscalYear}, clos le ${formatLongDate(latest.closingDate)} (${latest.accountsTypeLabel?.toLowerCase() ?? 'type de comptes non précisé'}).`,
      },
      ...(s.capped ? [{ type: 'paragraph', text: s.capped } as Block] : []),
      {
        type: 'table',
        sheet: 'Critères',
        primary: true,
        columns: [
          { label: 'Critère', width: 3 },
          { label: 'Valeur', width: 1 },
          { label: 'Points sur 25', width: 0.8 },
          { label: 'Remarque', width: 1.5 },
        ],
        rows: s.criteria.map((c) => [
          c.label,
          c.value == null ? null : unitText(c.value, CRITERIA.find((k) => k.key === c.key)!.unit),
          c.points,
          c.note,
        ]),
        empty: '',
        source: latest.source,
      },
      ...methodBlocks(),
    ];
    return success(modelOf(ctx, kind, blocks, [latest.source, insolvency.source]));
  };
}

export const solvencyScores = scoreGenerator('solvency-scores');
export const poleScoreGrades = scoreGenerator('pole-score-grades');
