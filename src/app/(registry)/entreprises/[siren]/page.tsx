import { notFound, permanentRedirect } from 'next/navigation';
import { loadCompanyProfile } from '@/loaders/registry-pages';

export const dynamic = 'force-dynamic';

/** /entreprises/{siren} without a name: 308 to the canonical URL. */
export default async function CompanyWithoutSlug({
  params,
}: {
  params: Promise<{ siren: string }>;
}) {
  const { siren } = await params;
  const lookup = await loadCompanyProfile(siren);
  if (!lookup.ok) notFound();
  permanentRedirect(`/entreprises/${lookup.value.siren}/${lookup.value.slug}`);
}
