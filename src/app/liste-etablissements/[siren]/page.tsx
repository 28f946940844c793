import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadCompanyProfile } from '@/registry/site';
import { subPageMetadata } from '@/registry/subpage';
import { SubPage } from '@/ui/company/SubPage';
import { getDb } from '@/db';
import { attempt } from '@/registry/result';
import { listEstablishments, parseEstablishmentFilter, parsePage } from '@/registry/establishments';
import { EstablishmentsList } from '@/ui/company/EstablishmentsSection';
import { Section, WhenLoaded } from '@/ui/company/Section';

export const dynamic = 'force-dynamic';

const TITLE = 'Établissements';

type Props = {
  params: Promise<{ siren: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { siren } = await props.params;
  return subPageMetadata(
    siren,
    'liste-etablissements',
    TITLE,
    (p) =>
      `Siège et établissements de ${p.displayName} : SIRET, adresses, activités, ouverts et fermés.`,
  );
}

export default async function Page(props: Props) {
  const { siren } = await props.params;
  const lookup = await loadCompanyProfile(siren);
  if (!lookup.ok) notFound();
  const p = lookup.profile;
  const q = await props.searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const page = await attempt(() =>
    listEstablishments(getDb(), p, {
      page: parsePage(one(q.page)),
      filter: parseEstablishmentFilter(one(q.statut)),
    }),
  );
  return (
    <SubPage profile={p} title={TITLE}>
      <Section id="etablissements" title="Liste des établissements">
        <WhenLoaded value={page}>
          {(data) => (
            <EstablishmentsList page={data} basePath={`/liste-etablissements/${p.siren}`} />
          )}
        </WhenLoaded>
      </Section>
    </SubPage>
  );
}
