import { getReadDb } from '@/db';
import { loadDirectorResults, toSearchParams, type PageParams } from '@/search/pages';
import { DirectorSearchView } from '@/ui/search/DirectorSearchView';
import { frameMetadataWithQuery } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

export const generateMetadata = frameMetadataWithQuery('/dirigeants/resultats', (query) => {
  const name = toSearchParams(query).get('name')?.trim();
  return { title: name ? `Dirigeants : « ${name.slice(0, 60)} »` : 'Rechercher un dirigeant' };
});

export default async function DirectorResultsPage({
  searchParams,
}: {
  searchParams: Promise<PageParams>;
}) {
  const params = toSearchParams(await searchParams);
  const loaded = await loadDirectorResults(getReadDb(), params);
  return <DirectorSearchView params={params} loaded={loaded} />;
}
