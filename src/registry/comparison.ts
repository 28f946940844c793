import type { Db } from '@/db/client';
import { parseSiren } from '@/domain/siren';
import { getCompanyProfile, type CompanyProfile } from './company';
import { headlineYears, listFinancials, type FinancialYear } from './finances';

export const MAX_COMPARED = 4;

/** `financials`: one row per year (company accounts when filed, else consolidated). */
export type ComparedCompany = { profile: CompanyProfile; financials: FinancialYear[] };

/** "552032534,356000000" (the shareable URL form) → at most four distinct SIRENs. */
export function parseComparedSirens(value: string | string[] | undefined): string[] {
  const raw = Array.isArray(value) ? value.join(',') : (value ?? '');
  const out: string[] = [];
  for (const part of raw.split(/[,\s;]+/)) {
    const s = parseSiren(part);
    if (s && !out.includes(s)) out.push(s);
    if (out.length === MAX_COMPARED) break;
  }
  return out;
}

export type Comparison = {
  companies: ComparedCompany[];
  missing: string[];
  /** Fiscal years present for at least one company, newest first, at most five. */
  years: number[];
};

export async function getComparison(db: Db, sirens: string[]): Promise<Comparison> {
  const loaded = await Promise.all(
    sirens.slice(0, MAX_COMPARED).map(async (s) => {
      const lookup = await getCompanyProfile(db, s);
      if (!lookup.ok) return { siren: s, found: null };
      const financials = headlineYears(
        await listFinancials(db, lookup.value.siren).catch(() => []),
      );
      return { siren: s, found: { profile: lookup.value, financials } };
    }),
  );
  const companies = loaded.flatMap((l) => (l.found ? [l.found] : []));
  const years = [...new Set(companies.flatMap((c) => c.financials.map((f) => f.fiscalYear)))]
    .sort((a, b) => b - a)
    .slice(0, 5);
  return { companies, missing: loaded.filter((l) => !l.found).map((l) => l.siren), years };
}
