import type { Db } from '@/db/client';
import { financialStats } from './generators/finance';

/**
 * Our own financial-solidity score of a company (0-100 and its grade A-E), the one the
 * `solvency-scores` and `pole-score-grades` documents print: null when no published year holds
 * enough ratios. The API's pole-score section answers with it, so it never says "cannot be
 * computed" of a grade we sell.
 */
export async function solvencyScore(db: Db, siren: string) {
  const stats = await financialStats(db, siren);
  const s = stats.score;
  if (!s || s.value == null) return null;
  return {
    fiscal_year: s.fiscalYear,
    score: s.value,
    grade: s.grade,
    capped: s.capped,
    criteria: s.criteria,
    method:
      'Note calculée par nos soins à partir des ratios du dernier exercice publié (autonomie financière, liquidité, capacité de remboursement, rentabilité) ; ce n’est ni une cotation de la Banque de France ni un avis de crédit.',
  };
}
