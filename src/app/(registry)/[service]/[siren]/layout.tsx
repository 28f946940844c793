import { notFound } from 'next/navigation';
import { subPageOf } from '../../_company/subpages';

/** Only the service groups with a per-company page have /{group}/{siren}; others are the site's 404. */
export default async function SubPageLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ service: string }>;
}) {
  if (!subPageOf((await params).service)) notFound();
  return children;
}
