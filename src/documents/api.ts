/** Services behind the documents' API routes: one function per route, each a Result. */
import type { Db } from '@/db/client';
import { failure, success, type Result } from '@/lib/errors';
import { getCompanyProfile } from '@/registry/company';
import { financialStats } from './generators/finance';
import { templateSummaries } from './templates/catalogue';
import type { TemplateSummary } from './templates/types';

export type FinancialStats = Awaited<ReturnType<typeof financialStats>>;

/** GET /api/financial-diagnostics/{siren}/stats: the figures and score the diagnostic uses. */
export async function getFinancialStats(db: Db, rawSiren: string): Promise<Result<FinancialStats>> {
  const lookup = await getCompanyProfile(db, rawSiren);
  if (!lookup.ok)
    return failure(lookup.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'INVALID_INPUT', lookup.message);
  return success(await financialStats(db, lookup.profile.siren));
}

export type LetterType = Pick<TemplateSummary, 'title' | 'group' | 'summary' | 'updatedAt'> & {
  type: string;
};

/** GET /api/letter-templates: the letter types the `letters` kind takes as `{ type }`. */
export function listLetterTypes(): LetterType[] {
  return templateSummaries({ letters: true }).map((t) => ({
    type: t.id,
    title: t.title,
    group: t.group,
    summary: t.summary,
    updatedAt: t.updatedAt,
  }));
}
