import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getReadDb } from '@/db';
import { parseSiren } from '@/domain/siren';
import { interpolate, messages } from '@/i18n';
import { getComparison, MAX_COMPARED, parseComparedSirens } from '@/registry/comparison';
import { searchCompanies } from '@/search/companies';
import { siteUrl } from '@/loaders/registry-pages';
import { formatSiren } from '@/ui/company/format';
import { ComparisonView, type PickerResult } from '@/ui/company/ComparisonView';
import { frameMetadata } from '@/ui/frame/metadata';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const PATH = '/comparateur-entreprises';
const m = messages.company.comparison;

/** The companies a search for `query` offers to add (the search read model, without finances). */
async function pickerResults(
  query: string,
): Promise<{ results: PickerResult[]; error: string | null }> {
  const found = await searchCompanies(getReadDb(), {
    q: query,
    perPage: 8,
    hideFinancialData: true,
  }).catch(() => null);
  if (!found) return { results: [], error: m.searchUnavailable };
  if (!found.ok) return { results: [], error: found.message };
  return {
    results: found.value.results.map((r) => ({
      siren: r.siren,
      name: r.name ?? m.hiddenName,
      detail: [
        interpolate(m.pickerSiren, { siren: formatSiren(r.siren) }),
        r.headOffice.commune,
        r.stateLabel,
      ]
        .filter(Boolean)
        .join(' · '),
    })),
    error: null,
  };
}

/**
 * /comparateur-entreprises: up to four companies side by side (`?siren=` is the shareable form),
 * with a search to add one; a typed SIREN goes straight into the URL.
 */
export function comparisonRoute() {
  async function generateMetadata(): Promise<Metadata> {
    return frameMetadata(PATH, {
      title: m.metaTitle,
      description: m.metaDescription,
      alternates: { canonical: `${siteUrl()}${PATH}` },
    });
  }

  async function Page({ searchParams }: Props) {
    const q = await searchParams;
    const sirens = parseComparedSirens(q.siren);
    const query = (one(q.q) ?? '').trim().slice(0, 100);
    const typed = parseSiren(query);
    if (typed && query.replace(/\D/g, '').length === 9 && sirens.length < MAX_COMPARED) {
      const next = sirens.includes(typed) ? sirens : [...sirens, typed];
      redirect(`${PATH}?siren=${next.join(',')}`);
    }
    const picker = query ? await pickerResults(query) : { results: [], error: null };
    const comparison = await getComparison(getReadDb(), sirens);
    return (
      <ComparisonView
        comparison={comparison}
        sirens={comparison.companies.map((c) => c.profile.siren)}
        query={typed ? '' : query}
        results={picker.results}
        searchError={picker.error}
      />
    );
  }

  return { generateMetadata, Page };
}
