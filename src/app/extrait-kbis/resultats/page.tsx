import { getDb } from '@/db';
import { loadCompanyResults, toSearchParams, type PageParams } from '@/search/pages';
import { CompanySearchView } from '@/ui/search/CompanySearchView';
import { serviceOf, serviceResultsMetadata } from '@/ui/search/servicePages';

export const dynamic = 'force-dynamic';
export const metadata = serviceResultsMetadata('/extrait-kbis');

export default async function Page({ searchParams }: { searchParams: Promise<PageParams> }) {
  const params = toSearchParams(await searchParams);
  const loaded = await loadCompanyResults(getDb(), params);
  const service = serviceOf('/extrait-kbis');
  return (
    <CompanySearchView
      title={`${service.title} : choisissez l’entreprise`}
      basePath="/extrait-kbis/resultats"
      params={params}
      loaded={loaded}
    />
  );
}
