import Link from 'next/link';
import type { Result } from '@/lib/errors';
import type { Representative } from '@/registry/directors';
import type { SourceRef } from '@/registry/result';
import { formatDate, formatSiren } from './format';
import { Empty, Section, WhenLoaded } from './Section';
import s from './company.module.css';

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
        {main ? ' · dirigeant principal' : ''}
      </p>
      <p className={s.personMeta}>
        {r.kind === 'company'
          ? `Personne morale${r.companySiren ? `, SIREN ${formatSiren(r.companySiren)}` : ''}`
          : r.birth
            ? `Né(e) en ${r.birth.label}`
            : 'Date de naissance non publiée'}
        {r.nationality ? ` · ${r.nationality}` : ''}
      </p>
      {r.startDate || r.endDate ? (
        <p className={s.personMeta}>
          {r.startDate ? `Depuis le ${formatDate(r.startDate)}` : ''}
          {r.endDate ? ` · jusqu'au ${formatDate(r.endDate)}` : ''}
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
}: {
  representatives: Result<Representative[]>;
  main: Representative | null;
  protectedPerson: boolean;
  searched?: SourceRef[];
}) {
  const sources = representatives.ok ? representatives.value.map((r) => r.source) : [];
  return (
    <Section
      id="dirigeants"
      title="Dirigeants et représentants"
      sources={sources}
      searched={searched}
    >
      <WhenLoaded value={representatives}>
        {(reps) => {
          if (protectedPerson)
            return <Empty>L&apos;identité de l&apos;entrepreneur n&apos;est pas diffusible.</Empty>;
          if (reps.length === 0)
            return (
              <Empty>
                Aucun dirigeant n&apos;est publié pour cette entreprise dans les registres que nous
                intégrons.
              </Empty>
            );
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
                  <h3>Anciens dirigeants</h3>
                  <ul className={s.people}>
                    {past.map((r) => (
                      <PersonCard key={r.id} r={r} main={false} />
                    ))}
                  </ul>
                </>
              ) : null}
              <p className={s.note}>
                Seuls le mois et l&apos;année de naissance sont publiés. Pour demander le masquage
                de vos données :{' '}
                <Link href="/opposition" prefetch={false}>
                  formulaire d&apos;opposition
                </Link>
                .
              </p>
            </>
          );
        }}
      </WhenLoaded>
    </Section>
  );
}
