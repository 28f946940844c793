/** Services behind the documents' API routes: one function per route, each a Result. */
import type { Db } from '@/db/client';
import { failure, success, type Result } from '@/lib/errors';
import { getCompanyProfile } from '@/registry/company';
import { financialStats } from './generators/finance';
import { documentOffer } from '@/domain/catalogue/documents';
import { templateById, templateSummaries } from './templates/catalogue';
import { prefillValues } from './templates/generate';
import type { TemplateSummary } from './templates/types';

export type FinancialStats = Awaited<ReturnType<typeof financialStats>>;

/** GET /api/financial-diagnostics/{siren}/stats: the figures and score the diagnostic uses. */
export async function getFinancialStats(db: Db, rawSiren: string): Promise<Result<FinancialStats>> {
  const lookup = await getCompanyProfile(db, rawSiren);
  if (!lookup.ok)
    return failure(
      lookup.code === 'COMPANY_NOT_FOUND' ? 'NOT_FOUND' : 'INVALID_INPUT',
      lookup.message,
    );
  return success(await financialStats(db, lookup.value.siren));
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

export type TemplateForm = {
  template: TemplateSummary;
  /** Pre-filled answers from the chosen company's public data. */
  values: Record<string, string>;
  company: { name: string; siren: string } | null;
  /** A SIREN was given but no company answers to it. */
  companyNotFound: boolean;
  priceCents: number;
};

/** The /documents/{documentId} page: the template's steps, pre-filled from `?siren=`. */
export async function getTemplateForm(
  db: Db,
  documentId: string,
  siren: string | null,
): Promise<Result<TemplateForm>> {
  const template = templateById(documentId);
  if (!template) return failure('NOT_FOUND', 'Ce modèle de document n’existe pas.');
  const { body: _body, ...summary } = template;
  const priceCents = documentOffer('custom-document')!.priceCents;
  if (!siren)
    return success({
      template: summary,
      values: {},
      company: null,
      companyNotFound: false,
      priceCents,
    });
  const lookup = await getCompanyProfile(db, siren);
  if (!lookup.ok) {
    return success({
      template: summary,
      values: {},
      company: null,
      companyNotFound: true,
      priceCents,
    });
  }
  const p = lookup.value;
  return success({
    template: summary,
    values: await prefillValues(db, template, p),
    company: { name: p.displayName, siren: p.siren },
    companyNotFound: false,
    priceCents,
  });
}
