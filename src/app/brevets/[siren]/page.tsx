import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadCompanyProfile } from '@/registry/site';
import { subPageMetadata } from '@/registry/subpage';
import { SubPage } from '@/ui/company/SubPage';
import { sectionById } from '@/registry/sections';
import { Empty, Section } from '@/ui/company/Section';

export const dynamic = 'force-dynamic';

const TITLE = 'Brevets';

type Props = {
  params: Promise<{ siren: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { siren } = await props.params;
  return subPageMetadata(
    siren,
    'brevets',
    TITLE,
    (p) => `Brevets de ${p.displayName} : où les consulter.`,
  );
}

export default async function Page(props: Props) {
  const { siren } = await props.params;
  const lookup = await loadCompanyProfile(siren);
  if (!lookup.ok) notFound();
  const p = lookup.profile;
  return (
    <SubPage profile={p} title={TITLE}>
      <Section id="brevets" title="Brevets">
        <Empty>{sectionById('brevets').absentReason}</Empty>
        <p>
          Les brevets français et européens se consultent gratuitement sur data.inpi.fr et sur
          Espacenet (Office européen des brevets).
        </p>
      </Section>
    </SubPage>
  );
}
