import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { CompanySubPageProps } from '../../_company/subPageRoute';
import { subPageOf } from '../../_company/subpages';
import { notFoundMetadata } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

type Props = CompanySubPageProps & { params: Promise<{ service: string; siren: string }> };

/** A per-company page of a service group (/comptes-annuels/{siren}, /marques/{siren}…). */
export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = subPageOf((await props.params).service);
  // Not a service with per-company pages (/actualites/inconnue…): the site's 404, with its title.
  return page ? page.generateMetadata(props) : notFoundMetadata;
}

export default async function Page(props: Props) {
  const page = subPageOf((await props.params).service);
  if (!page) notFound();
  return page.Page(props);
}
