import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import type { CompanyProfile } from '@/registry/company';
import { loadCompanyProfile } from '@/loaders/registry-pages';
import { subPageMetadata } from '@/seo/subpage-metadata';
import { getReadDb } from '@/db';
import { services } from '@/domain/catalogue';
import { companyOrder } from '@/documents';
import { SubPage } from '@/ui/company/SubPage';
import { frameMetadata } from '@/ui/frame/metadata';

export type CompanySubPageProps = {
  params: Promise<{ siren: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Query parameters with their first value only. */
export type Query = Record<string, string | undefined>;

/**
 * A per-company page (/comptes-annuels/{siren}, /marques/{siren}…): metadata, profile lookup with
 * a French 404 for an invalid or unknown SIREN, and the shared page chrome. Each page gives only
 * its title, its description and its body.
 */
export function companySubPageRoute(opts: {
  route: string;
  title: string;
  describe: (p: CompanyProfile) => string;
  body: (p: CompanyProfile, query: Query) => ReactNode | Promise<ReactNode>;
}) {
  async function generateMetadata(props: CompanySubPageProps): Promise<Metadata> {
    const { siren } = await props.params;
    return frameMetadata(
      `/${opts.route}/${siren}`,
      await subPageMetadata(siren, opts.route, opts.title, opts.describe),
    );
  }

  async function Page(props: CompanySubPageProps) {
    const { siren } = await props.params;
    const lookup = await loadCompanyProfile(siren);
    if (!lookup.ok) notFound();
    const raw = await props.searchParams;
    const query: Query = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
    );
    // The document this page sells, for this company: a button only where the order route takes
    // the order, otherwise the reason (the one rule, `companyOrder`).
    const kind = services.find((s) => s.link === `/${opts.route}`)?.orderKind;
    const order = kind ? await companyOrder(getReadDb(), kind, lookup.value.siren) : undefined;
    return (
      <SubPage profile={lookup.value} title={opts.title} order={order}>
        {await opts.body(lookup.value, query)}
      </SubPage>
    );
  }

  return { generateMetadata, Page };
}
