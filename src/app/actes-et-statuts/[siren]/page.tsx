import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadCompanyProfile } from '@/registry/site';
import { subPageMetadata } from '@/registry/subpage';
import { SubPage } from '@/ui/company/SubPage';
import { Empty, Section } from '@/ui/company/Section';

export const dynamic = 'force-dynamic';

const TITLE = 'Actes et statuts';

type Props = {
  params: Promise<{ siren: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { siren } = await props.params;
  return subPageMetadata(
    siren,
    'actes-et-statuts',
    TITLE,
    (p) =>
      `Actes, statuts et procès-verbaux déposés par ${p.displayName} au Registre national des entreprises.`,
  );
}

export default async function Page(props: Props) {
  const { siren } = await props.params;
  const lookup = await loadCompanyProfile(siren);
  if (!lookup.ok) notFound();
  const p = lookup.profile;
  return (
    <SubPage profile={p} title={TITLE}>
      <Section id="actes" title="Actes et statuts déposés">
        <Empty>
          {p.isNaturalPerson
            ? 'Un entrepreneur individuel ne dépose pas de statuts.'
            : "Les actes et statuts déposés au Registre national des entreprises ne sont pas encore intégrés à nos données. Ils sont consultables gratuitement sur data.inpi.fr, avec le SIREN de l'entreprise."}
        </Empty>
      </Section>
    </SubPage>
  );
}
