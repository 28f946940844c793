import type { Metadata } from 'next';
import { CompanyRouteBody, companyMetadata } from '@/app/(registry)/_company/companyRoute';

/**
 * Incremental static regeneration: no page is built ahead (`next build` needs no database); each
 * company page is rendered on its first request, then served from Next's page cache and
 * regenerated in the background after a random 86,400-129,600 s (spec section 9, set by
 * `pageCachePolicy`). An opposition request purges the cached pages at once. Requests carrying
 * the establishments' page or filter are rewritten by `src/proxy.ts` to the dynamic twin in
 * `./etablissements`, since a cached page cannot read its query.
 */
export const dynamicParams = true;
export async function generateStaticParams(): Promise<
  Array<{ siren: string; companyName: string }>
> {
  return [];
}

type Props = { params: Promise<{ siren: string; companyName: string }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { siren } = await props.params;
  return companyMetadata(siren);
}

export default async function CompanyRoute(props: Props) {
  const { siren, companyName } = await props.params;
  return <CompanyRouteBody siren={siren} companyName={companyName} />;
}
