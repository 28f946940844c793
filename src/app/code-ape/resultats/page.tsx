import type { PageParams } from '@/search/pages';
import { CompanyResults } from '@/ui/search/CompanyResults';
import { serviceResultsMetadata } from '@/ui/search/servicePages';

export const dynamic = 'force-dynamic';
export const metadata = serviceResultsMetadata('/code-ape');

export default async function Page({ searchParams }: { searchParams: Promise<PageParams> }) {
  return (
    <CompanyResults
      searchParams={await searchParams}
      basePath="/code-ape/resultats"
      service="/code-ape"
    />
  );
}
