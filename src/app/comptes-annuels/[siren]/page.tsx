import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadCompanyProfile } from '@/registry/site';
import { subPageMetadata } from '@/registry/subpage';
import { SubPage } from '@/ui/company/SubPage';
import { getDb } from '@/db';
import { attempt } from '@/registry/result';
import { listFinancials } from '@/registry/finances';
import { FinancesBody } from '@/ui/company/FinancesSection';
import { Section, WhenLoaded } from '@/ui/company/Section';

export const dynamic = 'force-dynamic';

const TITLE = 'Comptes annuels';

type Props = {
  params: Promise<{ siren: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { siren } = await props.params;
  return subPageMetadata(
    siren,
    'comptes-annuels',
    TITLE,
    (p) =>
      `Chiffre d'affaires, résultat net, EBE et marges de ${p.displayName} par exercice, d'après les comptes annuels publiés.`,
  );
}

export default async function Page(props: Props) {
  const { siren } = await props.params;
  const lookup = await loadCompanyProfile(siren);
  if (!lookup.ok) notFound();
  const p = lookup.profile;
  const financials = await attempt(() => listFinancials(getDb(), p.siren));
  return (
    <SubPage profile={p} title={TITLE}>
      <Section
        id="finances"
        title="Chiffres clés par exercice"
        sources={financials.ok ? financials.data.slice(0, 1).map((y) => y.source) : []}
      >
        <WhenLoaded value={financials}>{(years) => <FinancesBody years={years} />}</WhenLoaded>
      </Section>
    </SubPage>
  );
}
