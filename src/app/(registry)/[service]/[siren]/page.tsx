import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { CompanySubPageProps } from '../../_company/subPageRoute';
import { subPageOf } from '../../_company/subpages';

export const dynamic = 'force-dynamic';

type Props = CompanySubPageProps & { params: Promise<{ service: string; siren: string }> };

/** A per-company page of a service group (/comptes-annuels/{siren}, /marques/{siren}…). */
export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = subPageOf((await props.params).service);
  return page ? page.generateMetadata(props) : {};
}

export default async function Page(props: Props) {
  const page = subPageOf((await props.params).service);
  if (!page) notFound();
  return page.Page(props);
}
