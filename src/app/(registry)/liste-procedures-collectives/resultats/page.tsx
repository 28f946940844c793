import type { PageParams } from '@/search/pages';
import { CompanyResults } from '@/ui/search/CompanyResults';
import { serviceResultsMetadata } from '@/ui/search/servicePages';
import { frameMetadataWithQuery } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';
export const generateMetadata = frameMetadataWithQuery(
  '/liste-procedures-collectives/resultats',
  serviceResultsMetadata('/liste-procedures-collectives'),
);

export default async function Page({ searchParams }: { searchParams: Promise<PageParams> }) {
  return (
    <CompanyResults
      searchParams={await searchParams}
      basePath="/liste-procedures-collectives/resultats"
      service="/liste-procedures-collectives"
    />
  );
}
