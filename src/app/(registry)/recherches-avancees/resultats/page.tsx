import { getReadDb } from '@/db';
import { loadCompanyResults, toSearchParams, type PageParams } from '@/search/pages';
import { CompanySearchView } from '@/ui/search/CompanySearchView';
import { frameMetadataWithQuery } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

export const generateMetadata = frameMetadataWithQuery('/recherches-avancees/resultats', {
  title: 'Recherche avancée : résultats',
});

export default async function AdvancedResultsPage({
  searchParams,
}: {
  searchParams: Promise<PageParams>;
}) {
  const params = toSearchParams(await searchParams);
  const loaded = await loadCompanyResults(getReadDb(), params, { allowFiltersOnly: true });
  return (
    <CompanySearchView
      title="Recherche avancée : résultats"
      basePath="/recherches-avancees/resultats"
      params={params}
      loaded={loaded}
    />
  );
}
