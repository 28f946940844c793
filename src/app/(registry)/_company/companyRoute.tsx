import 'server-only';
import { configuredProviders } from '@/documents/sale';
import type { Metadata } from 'next';
import { unstable_cache } from 'next/cache';
import { notFound, permanentRedirect } from 'next/navigation';
import { COMPANY_PAGES_TAG, companyPageTag, companyTtlMs } from '@/registry/cache';
import type { EstablishmentFilter } from '@/registry/establishments';
import { companyDescription, companyJsonLd, companyTitle } from '@/seo/company-metadata';
import { loadCompanyPage, siteUrl } from '@/loaders/registry-pages';
import { CompanyPage } from '@/ui/company/CompanyPage';
import { HtmlOnlyJsonLd } from '@/ui/seo/HtmlOnlyJsonLd';
import { frameMetadata } from '@/ui/frame/metadata';
import { decodePageParam } from '@/lib/http/path';

/** Spec section 9: pages revalidate every 10 s, except the company-number page. */
export const PAGE_REVALIDATE_S = 10;

/**
 * Gives the page being rendered its revalidation time and cache tags. Next.js takes the page's
 * revalidation from the shortest `unstable_cache` it reads during the render; the cached value is
 * a constant, so this is the cheapest way to give each company page its own random time
 * (86,400-129,600 s, spec section 9) and the tags an opposition request purges. Outside an ISR
 * render (a dynamic route) it only costs a cache read.
 */
async function pageCachePolicy(siren: string, found: boolean): Promise<void> {
  const revalidate = found ? Math.round(companyTtlMs() / 1000) : PAGE_REVALIDATE_S;
  await unstable_cache(async () => 1, ['company-page-policy', siren, String(found)], {
    revalidate,
    tags: [COMPANY_PAGES_TAG, companyPageTag(siren)],
  })();
}

export async function companyMetadata(
  siren: string,
  page = 1,
  filter: EstablishmentFilter = 'all',
): Promise<Metadata> {
  const lookup = await loadCompanyPage(siren, page, filter);
  if (!lookup.ok) return { title: 'Entreprise introuvable', robots: { index: false } };
  const p = lookup.value.profile;
  const path = `/entreprises/${p.siren}/${p.slug}`;
  return frameMetadata(path, {
    title: companyTitle(p),
    description: companyDescription(p, lookup.value.mainDirector),
    alternates: { canonical: `${siteUrl()}${path}` },
    robots: p.protected && p.isNaturalPerson ? { index: false, follow: true } : undefined,
  });
}

/**
 * The company page for a SIREN and the slug of the request: a French 404 for an invalid or
 * unknown SIREN, a 308 to the canonical slug (keeping `query`, the establishments' page and
 * filter), else the page with its JSON-LD (in the HTML only, not in the RSC payload:
 * src/ui/seo/HtmlOnlyJsonLd.tsx).
 */
export async function CompanyRouteBody({
  siren,
  companyName,
  page = 1,
  filter = 'all',
  query = '',
}: {
  siren: string;
  companyName: string;
  page?: number;
  filter?: EstablishmentFilter;
  query?: string;
}) {
  const lookup = await loadCompanyPage(siren, page, filter);
  await pageCachePolicy(siren, lookup.ok);
  if (!lookup.ok) notFound();
  const p = lookup.value.profile;
  const path = `/entreprises/${p.siren}/${p.slug}`;
  if (decodePageParam(companyName) !== p.slug) permanentRedirect(`${path}${query}`);
  return (
    <>
      <HtmlOnlyJsonLd json={companyJsonLd(p, `${siteUrl()}${path}`)} />
      <CompanyPage
        data={lookup.value}
        path={path}
        inpiConnected={configuredProviders().has('inpi-rne')}
      />
    </>
  );
}
