import type { CompanyDocument } from '@/domain/catalogue/documents';
import Link from 'next/link';
import type { Result } from '@/lib/errors';
import type { Representative } from '@/registry/directors';
import type { SourceRef } from '@/registry/result';
import { formatDate, formatSiren } from './format';
import { Empty, Section, WhenLoaded } from './Section';
import { interpolate, messages } from '@/i18n';
import s from './company.module.css';
import { NetworkMap } from '@/ui/network/NetworkMap';

const m = messages.company.directors;

function PersonCard({ r, main }: { r: Representative; main: boolean }) {
  const name = r.profile ? (
    <Link
      href={`/dirigeants/${encodeURIComponent(r.profile.id)}/${r.profile.slug}`}
      prefetch={false}
    >
      {r.name}
    </Link>
  ) : r.kind === 'company' && r.companySiren && r.companyHeld ? (
    <Link href={`/entreprises/${r.companySiren}`} prefetch={false}>
      {r.name}
    </Link>
  ) : (
    r.name
  );
  return (
    <li className={`${s.person} ${main ? s.main : ''}`}>
      <p className={s.personName}>{name}</p>
      <p className={s.personMeta}>
        {r.role}
        {main ? m.mainSuffix : ''}
      </p>
      <p className={s.personMeta}>
        {r.kind === 'company'
          ? r.companySiren
            ? interpolate(m.legalPersonSiren, { siren: formatSiren(r.companySiren) })
            : m.legalPerson
          : r.birth
            ? interpolate(m.born, { date: r.birth.label })
            : m.birthUnpublished}
        {r.nationality ? ` · ${r.nationality}` : ''}
      </p>
      {r.startDate || r.endDate ? (
        <p className={s.personMeta}>
          {r.startDate ? interpolate(m.since, { date: formatDate(r.startDate) }) : ''}
          {r.endDate ? interpolate(m.until, { date: formatDate(r.endDate) }) : ''}
        </p>
      ) : null}
    </li>
  );
}

export function DirectorsSection({
  representatives,
  main,
  protectedPerson,
  searched,
  orders,
  network,
}: {
  /** The company whose network map the section offers (loaded on demand, from the API). */
  network?: { siren: string; name: string };
  representatives: Result<Representative[]>;
  main: Representative | null;
  protectedPerson: boolean;
  searched?: SourceRef[];
  orders?: CompanyDocument[];
}) {
  const sources = representatives.ok ? representatives.value.map((r) => r.source) : [];
  return (
    <Section id="dirigeants" title={m.title} sources={sources} searched={searched} orders={orders}>
      <WhenLoaded value={representatives}>
        {(reps) => {
          if (protectedPerson) return <Empty>{m.protectedPerson}</Empty>;
          if (reps.length === 0) return <Empty>{m.none}</Empty>;
          const current = reps.filter((r) => r.current);
          const past = reps.filter((r) => !r.current);
          return (
            <>
              <ul className={s.people}>
                {current.map((r) => (
                  <PersonCard key={r.id} r={r} main={r.id === main?.id} />
                ))}
              </ul>
              {past.length ? (
                <>
                  <h3>{m.past}</h3>
                  <ul className={s.people}>
                    {past.map((r) => (
                      <PersonCard key={r.id} r={r} main={false} />
                    ))}
                  </ul>
                </>
              ) : null}
              <p className={s.note}>
                {m.birthNote}{' '}
                <Link href="/opposition" prefetch={false}>
                  {m.oppositionLink}
                </Link>
                .
              </p>
              {network ? (
                <>
                  <h3>Carte du réseau</h3>
                  <NetworkMap
                    apiPath={`/api/companies/${network.siren}/network`}
                    subject={network.name}
                  />
                </>
              ) : null}
            </>
          );
        }}
      </WhenLoaded>
    </Section>
  );
}
