import type { Metadata } from 'next';
import { toSearchParams, type PageParams } from '@/search/pages';
import { CompanyResults, generalResultsTitle } from '@/app/(registry)/_search/CompanyResults';
import { frameMetadata } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

export async function generateMetadata({
  searchParams,
}: {
  searchParams: Promise<PageParams>;
}): Promise<Metadata> {
  const q = await searchParams;
  return frameMetadata(
    '/rechercher',
    { title: generalResultsTitle(toSearchParams(q).get('q')) },
    q,
  );
}

/** Same results as /resultats (both paths exist in the spec); the form stays on this path. */
export default async function Page({ searchParams }: { searchParams: Promise<PageParams> }) {
  return <CompanyResults searchParams={await searchParams} basePath="/rechercher" />;
}
