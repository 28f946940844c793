import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { PageParams } from '@/search/pages';
import { CompanyResults } from '@/app/(registry)/_search/CompanyResults';
import { serviceResultsMetadata, servicePathOf } from '@/ui/search/servicePages';
import { frameMetadata } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ service: string }>; searchParams: Promise<PageParams> };

/** A service group's results (/extrait-kbis/resultats…): choose the company. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const path = servicePathOf((await params).service);
  if (!path) return {};
  return frameMetadata(`${path}/resultats`, serviceResultsMetadata(path), await searchParams);
}

export default async function Page({ params, searchParams }: Props) {
  const path = servicePathOf((await params).service);
  if (!path) notFound();
  return (
    <CompanyResults
      searchParams={await searchParams}
      basePath={`${path}/resultats`}
      service={path}
    />
  );
}
