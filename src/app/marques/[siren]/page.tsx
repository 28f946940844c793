import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadCompanyProfile } from '@/registry/site';
import { subPageMetadata } from '@/registry/subpage';
import { SubPage } from '@/ui/company/SubPage';
import { getDb } from '@/db';
import { attempt } from '@/registry/result';
import { listBrands } from '@/registry/brands';
import { BrandsTable } from '@/ui/company/OtherSections';
import { Empty, Section, WhenLoaded } from '@/ui/company/Section';

export const dynamic = 'force-dynamic';

const TITLE = 'Marques';

type Props = {
  params: Promise<{ siren: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { siren } = await props.params;
  return subPageMetadata(
    siren,
    'marques',
    TITLE,
    (p) =>
      `Marques déposées par ${p.displayName} à l'INPI : numéros, dates de dépôt, statuts et classes.`,
  );
}

export default async function Page(props: Props) {
  const { siren } = await props.params;
  const lookup = await loadCompanyProfile(siren);
  if (!lookup.ok) notFound();
  const p = lookup.profile;
  const brands = await attempt(() => listBrands(getDb(), p.siren));
  return (
    <SubPage profile={p} title={TITLE}>
      <Section
        id="marques"
        title="Marques déposées à l'INPI"
        sources={brands.ok ? brands.data.slice(0, 1).map((b) => b.source) : []}
      >
        <WhenLoaded value={brands}>
          {(b) =>
            b.length ? (
              <BrandsTable brands={b} />
            ) : (
              <Empty>
                Aucune marque déposée par cette entreprise ne figure dans nos données INPI.
              </Empty>
            )
          }
        </WhenLoaded>
      </Section>
    </SubPage>
  );
}
