import type { PageParams } from '@/search/pages';
import { CompanyResults } from '@/ui/search/CompanyResults';
import { serviceResultsMetadata } from '@/ui/search/servicePages';
import { frameMetadataWithQuery } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';
export const generateMetadata = frameMetadataWithQuery(
  '/numero-eori/resultats',
  serviceResultsMetadata('/numero-eori'),
);

export default async function Page({ searchParams }: { searchParams: Promise<PageParams> }) {
  return (
    <CompanyResults
      searchParams={await searchParams}
      basePath="/numero-eori/resultats"
      service="/numero-eori"
    />
  );
}
