import type { Metadata } from 'next';
import { parseEstablishmentFilter, parsePage } from '@/registry/establishments';
import { CompanyRouteBody, companyMetadata } from '@/app/(registry)/_company/companyRoute';

/**
 * The company page with a page or filter of its establishments (`?page_etablissements=`,
 * `?etablissements=`): rendered on request, since the cached company page cannot read its query.
 * `src/proxy.ts` rewrites such requests here; the canonical link stays the company page's.
 */
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ siren: string; companyName: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

async function read(props: Props) {
  const { siren, companyName } = await props.params;
  const q = await props.searchParams;
  const page = parsePage(one(q.page_etablissements));
  const filter = parseEstablishmentFilter(one(q.etablissements));
  const kept = new URLSearchParams();
  if (page > 1) kept.set('page_etablissements', String(page));
  if (filter !== 'all') kept.set('etablissements', filter);
  const query = kept.size ? `?${kept.toString()}` : '';
  return { siren, companyName, page, filter, query };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { siren, page, filter } = await read(props);
  return companyMetadata(siren, page, filter);
}

export default async function CompanyEstablishmentsRoute(props: Props) {
  return <CompanyRouteBody {...await read(props)} />;
}
