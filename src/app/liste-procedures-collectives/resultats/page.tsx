import { getDb } from '@/db';
import { loadCompanyResults, toSearchParams, type PageParams } from '@/search/pages';
import { CompanySearchView } from '@/ui/search/CompanySearchView';
import { serviceOf, serviceResultsMetadata } from '@/ui/search/servicePages';

export const dynamic = 'force-dynamic';
export const metadata = serviceResultsMetadata('/liste-procedures-collectives');

export default async function Page({ searchParams }: { searchParams: Promise<PageParams> }) {
  const params = toSearchParams(await searchParams);
  const loaded = await loadCompanyResults(getDb(), params);
  const service = serviceOf('/liste-procedures-collectives');
  return (
    <CompanySearchView
      title={`${service.title} : choisissez l’entreprise`}
      basePath="/liste-procedures-collectives/resultats"
      params={params}
      loaded={loaded}
    />
  );
}
