import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadCompanyProfile } from '@/registry/site';
import { subPageMetadata } from '@/registry/subpage';
import { SubPage } from '@/ui/company/SubPage';
import { getDb } from '@/db';
import { attempt } from '@/registry/result';
import { listInsolvency, listNotices } from '@/registry/notices';
import { InsolvencySection, NoticesTimeline } from '@/ui/company/OtherSections';
import { Empty, Section, WhenLoaded } from '@/ui/company/Section';

export const dynamic = 'force-dynamic';

const TITLE = 'Annonces BODACC';

type Props = {
  params: Promise<{ siren: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { siren } = await props.params;
  return subPageMetadata(
    siren,
    'annonces-bodacc',
    TITLE,
    (p) =>
      `Annonces légales BODACC de ${p.displayName} : création, modifications, dépôts des comptes, procédures collectives, radiation.`,
  );
}

export default async function Page(props: Props) {
  const { siren } = await props.params;
  const lookup = await loadCompanyProfile(siren);
  if (!lookup.ok) notFound();
  const p = lookup.profile;
  const db = getDb();
  const [notices, insolvency] = await Promise.all([
    attempt(() => listNotices(db, p, { limit: 500 })),
    attempt(() => listInsolvency(db, p.siren)),
  ]);
  return (
    <SubPage profile={p} title={TITLE}>
      <Section
        id="annonces"
        title="Annonces publiées au BODACC"
        sources={notices.ok ? notices.data.items.slice(0, 1).map((n) => n.source) : []}
      >
        <WhenLoaded value={notices}>
          {(n) =>
            n.items.length ? (
              <NoticesTimeline items={n.items} />
            ) : (
              <Empty>Aucune annonce BODACC n&apos;est rattachée à ce SIREN dans nos données.</Empty>
            )
          }
        </WhenLoaded>
      </Section>
      <InsolvencySection insolvency={insolvency} />
    </SubPage>
  );
}
