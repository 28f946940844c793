import type { Metadata } from 'next';
import { getDb } from '@/db';
import { loadCompanyResults, toSearchParams, type PageParams } from '@/search/pages';
import { CompanySearchView } from '@/ui/search/CompanySearchView';

export const dynamic = 'force-dynamic';

export async function generateMetadata({
  searchParams,
}: {
  searchParams: Promise<PageParams>;
}): Promise<Metadata> {
  const q = toSearchParams(await searchParams)
    .get('q')
    ?.trim();
  return { title: q ? `Résultats pour « ${q.slice(0, 60)} »` : 'Rechercher une entreprise' };
}

export default async function ResultsPage({ searchParams }: { searchParams: Promise<PageParams> }) {
  const params = toSearchParams(await searchParams);
  const loaded = await loadCompanyResults(getDb(), params);
  return (
    <CompanySearchView
      title={
        params.get('q')?.trim()
          ? `Résultats pour « ${params.get('q')!.trim()} »`
          : 'Rechercher une entreprise'
      }
      basePath="/resultats"
      params={params}
      loaded={loaded}
    />
  );
}
