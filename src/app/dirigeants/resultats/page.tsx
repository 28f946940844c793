import type { Metadata } from 'next';
import { getDb } from '@/db';
import { loadDirectorResults, toSearchParams, type PageParams } from '@/search/pages';
import { DirectorSearchView } from '@/ui/search/DirectorSearchView';

export const dynamic = 'force-dynamic';

export async function generateMetadata({
  searchParams,
}: {
  searchParams: Promise<PageParams>;
}): Promise<Metadata> {
  const name = toSearchParams(await searchParams)
    .get('name')
    ?.trim();
  return { title: name ? `Dirigeants : « ${name.slice(0, 60)} »` : 'Rechercher un dirigeant' };
}

export default async function DirectorResultsPage({
  searchParams,
}: {
  searchParams: Promise<PageParams>;
}) {
  const params = toSearchParams(await searchParams);
  const loaded = await loadDirectorResults(getDb(), params);
  return <DirectorSearchView params={params} loaded={loaded} />;
}
