import type { Metadata } from 'next';
import { getReadDb } from '@/db';
import { loadDirectorResults, toSearchParams, type PageParams } from '@/search/pages';
import { DirectorSearchView } from '@/ui/search/DirectorSearchView';
import { frameMetadata } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

export async function generateMetadata({
  searchParams,
}: {
  searchParams: Promise<PageParams>;
}): Promise<Metadata> {
  const q = await searchParams;
  const name = toSearchParams(q).get('name')?.trim();
  return frameMetadata(
    '/dirigeants/resultats',
    { title: name ? `Dirigeants : « ${name.slice(0, 60)} »` : 'Rechercher un dirigeant' },
    q,
  );
}

export default async function DirectorResultsPage({
  searchParams,
}: {
  searchParams: Promise<PageParams>;
}) {
  const params = toSearchParams(await searchParams);
  const loaded = await loadDirectorResults(getReadDb(), params);
  return <DirectorSearchView params={params} loaded={loaded} />;
}
