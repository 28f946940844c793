import Link from 'next/link';
import type { DirectorProfile } from '@/registry/directors';
import { Breadcrumb } from '@/ui/company/CompanyHeader';
import { formatDate, formatSiren } from '@/ui/company/format';
import { Empty, Section, SourceLine } from '@/ui/company/Section';
import s from '@/ui/company/company.module.css';
import { STATE_WORDS } from '@/domain/company-state';
import { ScrollRegion } from '@/ui/scroll/ScrollRegion';
import { NetworkMap } from '@/ui/network/NetworkMap';
import { ColumnHeads } from '@/ui/table/ColumnHeads';

export function DirectorProfileView({ d }: { d: DirectorProfile }) {
  const current = d.mandates.filter((m) => m.current);
  const past = d.mandates.filter((m) => !m.current);
  const table = (rows: DirectorProfile['mandates'], caption: string) => (
    <ScrollRegion label={caption}>
      <table className={`${s.table} ${s.stack}`}>
        <caption>{caption}</caption>
        <ColumnHeads labels={['Entreprise', 'Fonction', 'Période']} />
        <tbody>
          {rows.map((m) => (
            <tr key={`${m.siren}-${m.role}-${m.startDate}`}>
              <td data-label="Entreprise">
                <div>
                  <Link href={`/entreprises/${m.siren}/${m.companySlug}`} prefetch={false}>
                    {m.companyName}
                  </Link>
                  <span className={s.note} style={{ display: 'block' }}>
                    SIREN {formatSiren(m.siren)}
                    {m.companyActive ? '' : ` · ${STATE_WORDS[m.companyState]}`}
                  </span>
                </div>
              </td>
              <td data-label="Fonction">{m.role}</td>
              <td data-label="Période">
                {m.startDate ? `depuis le ${formatDate(m.startDate)}` : 'date de début non publiée'}
                {m.endDate ? ` jusqu'au ${formatDate(m.endDate)}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
  return (
    <div className={s.page}>
      <Breadcrumb
        items={[
          { label: 'Accueil', href: '/' },
          { label: 'Dirigeants', href: '/dirigeants' },
          { label: d.name },
        ]}
      />
      <header className={s.header}>
        <h1 className={s.title}>{d.name}</h1>
        <dl className={s.keyFacts}>
          <div>
            <dt>Naissance</dt>
            <dd>{d.birth ? d.birth.label : 'Non publiée'}</dd>
          </div>
          {d.nationality ? (
            <div>
              <dt>Nationalité</dt>
              <dd>{d.nationality}</dd>
            </div>
          ) : null}
          <div>
            <dt>Mandats</dt>
            <dd>
              {current.length} en cours, {past.length} terminé{past.length > 1 ? 's' : ''}
            </dd>
          </div>
        </dl>
        <p className={s.note} style={{ marginTop: 12 }}>
          {d.personKey
            ? 'Les mandats sont regroupés par nom, prénom et mois et année de naissance : un homonyme né un autre mois est une autre personne.'
            : 'Sans mois de naissance publié, ce dirigeant ne peut pas être distingué de ses homonymes : seul le mandat consulté est affiché.'}
        </p>
        <SourceLine sources={[d.source]} />
      </header>
      <Section id="mandats" title="Mandats">
        {current.length ? (
          table(current, 'Mandats en cours')
        ) : (
          <Empty>Aucun mandat en cours connu.</Empty>
        )}
        {past.length ? table(past, 'Anciens mandats') : null}
      </Section>
      <Section id="reseau" title="Carte du réseau">
        <NetworkMap
          apiPath={`/api/directors/${encodeURIComponent(d.id)}/network`}
          subject={d.name}
        />
      </Section>
      <Section id="liees" title="Entreprises liées par des dirigeants communs">
        {d.linkedCompanies.length ? (
          <ul className={s.cards}>
            {d.linkedCompanies.map((c) => (
              <li key={c.siren} className={s.card}>
                <Link href={`/entreprises/${c.siren}/${c.slug}`} prefetch={false}>
                  {c.name}
                </Link>
                <span className={s.note} style={{ display: 'block' }}>
                  via {c.via}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <Empty>
            Aucune autre entreprise n&apos;est reliée par un dirigeant commun dans nos données.
          </Empty>
        )}
      </Section>
      <p className={s.note}>
        Vous êtes cette personne et souhaitez que ces informations ne soient plus affichées ?{' '}
        <Link href={`/opposition?dirigeant=${encodeURIComponent(d.id)}`} prefetch={false}>
          Faire une demande d&apos;opposition
        </Link>
        .
      </p>
    </div>
  );
}
