import { getDb } from '@/db';
import { loadCompanyResults, toSearchParams, type PageParams } from '@/search/pages';
import { CompanySearchView } from '@/ui/search/CompanySearchView';
import { serviceOf, serviceResultsMetadata } from '@/ui/search/servicePages';

export const dynamic = 'force-dynamic';
export const metadata = serviceResultsMetadata('/marques');

export default async function Page({ searchParams }: { searchParams: Promise<PageParams> }) {
  const params = toSearchParams(await searchParams);
  const loaded = await loadCompanyResults(getDb(), params);
  const service = serviceOf('/marques');
  return (
    <CompanySearchView
      title={`${service.title} : choisissez l’entreprise`}
      basePath="/marques/resultats"
      params={params}
      loaded={loaded}
    />
  );
}
