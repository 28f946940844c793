import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { parseEstablishmentFilter, parsePage } from '@/registry/establishments';
import { companyDescription, companyJsonLd, companyTitle } from '@/registry/seo';
import { loadCompanyPage, siteUrl } from '@/registry/site';
import { CompanyPage } from '@/ui/company/CompanyPage';

/**
 * Rendered on request from the database, with the page data kept in process for a random
 * 86,400-129,600 s (spec section 9; see src/registry/cache.ts and docs/ARCHITECTURE.md).
 */
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ siren: string; companyName: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

async function load(props: Props) {
  const { siren } = await props.params;
  const q = await props.searchParams;
  return loadCompanyPage(
    siren,
    parsePage(one(q.page_etablissements)),
    parseEstablishmentFilter(one(q.etablissements)),
  );
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const lookup = await load(props);
  if (!lookup.ok) return { title: 'Entreprise introuvable', robots: { index: false } };
  const p = lookup.data.profile;
  return {
    title: companyTitle(p),
    description: companyDescription(p, lookup.data.mainDirector),
    alternates: { canonical: `${siteUrl()}/entreprises/${p.siren}/${p.slug}` },
    robots: p.protected && p.isNaturalPerson ? { index: false, follow: true } : undefined,
  };
}

export default async function CompanyRoute(props: Props) {
  const { companyName } = await props.params;
  const lookup = await load(props);
  if (!lookup.ok) notFound();
  const p = lookup.data.profile;
  if (decodeURIComponent(companyName) !== p.slug)
    permanentRedirect(`/entreprises/${p.siren}/${p.slug}`);
  const path = `/entreprises/${p.siren}/${p.slug}`;
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: companyJsonLd(p, `${siteUrl()}${path}`) }}
      />
      <CompanyPage data={lookup.data} path={path} />
    </>
  );
}
