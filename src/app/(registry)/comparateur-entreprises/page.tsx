import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getDb } from '@/db';
import { getComparison, MAX_COMPARED, parseComparedSirens } from '@/registry/comparison';
import { siteUrl } from '@/web/site';
import { searchCompanies } from '@/search/companies';
import { parseSiren } from '@/domain/siren';
import { formatSiren } from '@/ui/company/format';
import { ComparisonView, type PickerResult } from '@/ui/company/ComparisonView';
import { frameMetadata } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata(): Promise<Metadata> {
  return frameMetadata('/comparateur-entreprises', {
    title: "Comparateur d'entreprises : chiffres clés côte à côte",
    description:
      "Comparez jusqu'à quatre entreprises françaises : forme juridique, activité, effectif, situation, chiffre d'affaires et résultat par exercice.",
    alternates: { canonical: `${siteUrl()}/comparateur-entreprises` },
  });
}

export default async function ComparatorPage({ searchParams }: Props) {
  const q = await searchParams;
  const db = getDb();
  const sirens = parseComparedSirens(q.siren);
  const query = (one(q.q) ?? '').trim().slice(0, 100);
  let results: PickerResult[] = [];
  let searchError: string | null = null;
  const typed = parseSiren(query);
  if (typed && query.replace(/\D/g, '').length === 9 && sirens.length < MAX_COMPARED) {
    // A typed SIREN goes straight into the shareable URL.
    const next = sirens.includes(typed) ? sirens : [...sirens, typed];
    redirect(`/comparateur-entreprises?siren=${next.join(',')}`);
  } else if (query) {
    const found = await searchCompanies(db, {
      q: query,
      perPage: 8,
      hideFinancialData: true,
    }).catch(() => null);
    if (!found)
      searchError = 'La recherche est momentanément indisponible ; saisissez un numéro SIREN.';
    else if (!found.ok) searchError = found.message;
    else
      results = found.value.results.map((r) => ({
        siren: r.siren,
        name: r.name ?? 'Entreprise (nom non diffusible)',
        detail: [`SIREN ${formatSiren(r.siren)}`, r.headOffice.commune, r.stateLabel]
          .filter(Boolean)
          .join(' · '),
      }));
  }
  const comparison = await getComparison(db, sirens);
  return (
    <ComparisonView
      comparison={comparison}
      sirens={comparison.companies.map((c) => c.profile.siren)}
      query={typed ? '' : query}
      results={results}
      searchError={searchError}
    />
  );
}
