import Link from 'next/link';
import type { Result } from '@/lib/errors';
import type { AgreementView, BrandView } from '@/registry/brands';
import type { CompanyProfile } from '@/registry/company';
import type { InsolvencySummary, NoticeView } from '@/registry/notices';
import type { CompanySummary } from '@/registry/similar';
import { formatDate, formatLongDate, formatNumber } from './format';
import { Empty, Section, WhenLoaded } from './Section';
import s from './company.module.css';

/** "Radiations" adds nothing to "Radiation": compare without plurals. */
const sameLabel = (a: string, b: string) => {
  const n = (x: string) => x.toLowerCase().replace(/s\b/g, '').trim();
  return n(a) === n(b);
};

/** ISO dates inside the registries' free text, printed the French way. */
const frenchDates = (text: string) => text.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, '$3/$2/$1');

export function NoticesTimeline({ items }: { items: NoticeView[] }) {
  return (
    <ol className={s.timeline}>
      {items.map((n) => (
        <li key={n.id}>
          <span className={s.timelineDate}>{formatLongDate(n.publishedAt)}</span> —{' '}
          <strong>{n.familyLabel}</strong>
          {n.typeLabel && !sameLabel(n.typeLabel, n.familyLabel) ? ` (${n.typeLabel})` : ''}
          <span className={s.note} style={{ display: 'block' }}>
            BODACC {n.bodaccKind}
            {n.noticeNumber ? `, annonce n° ${n.noticeNumber}` : ''}
            {n.court ? ` · ${n.court}` : ''}
          </span>
          {n.text ? (
            <p className={s.noticeText}>
              {frenchDates(n.text.length > 600 ? `${n.text.slice(0, 600)}…` : n.text)}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function NoticesSection({
  siren,
  notices,
}: {
  siren: string;
  notices: Result<{ items: NoticeView[]; total: number }>;
}) {
  return (
    <Section
      id="annonces"
      title="Annonces BODACC"
      link={{ href: `/annonces-bodacc/${siren}`, label: 'Toutes les annonces' }}
      sources={notices.ok ? notices.value.items.slice(0, 1).map((n) => n.source) : []}
    >
      <WhenLoaded value={notices}>
        {(n) =>
          n.items.length ? (
            <>
              <p className={s.muted}>
                {formatNumber(n.total)} annonce{n.total > 1 ? 's' : ''} publiée
                {n.total > 1 ? 's' : ''} au BODACC
                {n.total > n.items.length ? `, les ${n.items.length} plus récentes ci-dessous` : ''}
                .
              </p>
              <NoticesTimeline items={n.items} />
            </>
          ) : (
            <Empty>Aucune annonce BODACC n&apos;est rattachée à ce SIREN dans nos données.</Empty>
          )
        }
      </WhenLoaded>
    </Section>
  );
}

export function InsolvencySection({ insolvency }: { insolvency: Result<InsolvencySummary> }) {
  return (
    <Section
      id="procedures"
      title="Procédures collectives"
      sources={insolvency.ok && insolvency.value.current ? [insolvency.value.source] : []}
    >
      <WhenLoaded value={insolvency}>
        {(p) =>
          p.current ? (
            <>
              <p>
                <strong>Situation actuelle :</strong>{' '}
                {p.current.stateLabel ?? p.current.nature ?? 'non précisée'}
                {p.current.judgmentDate
                  ? ` (jugement du ${formatDate(p.current.judgmentDate)})`
                  : ''}
              </p>
              <div className={s.tableWrap}>
                <table className={s.table}>
                  <thead>
                    <tr>
                      <th scope="col">Date du jugement</th>
                      <th scope="col">Nature</th>
                      <th scope="col">Tribunal</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.items.map((i) => (
                      <tr key={i.id}>
                        <td>{formatDate(i.judgmentDate)}</td>
                        <td>
                          {i.stateLabel ?? '—'}
                          {i.nature ? (
                            <span className={s.note} style={{ display: 'block' }}>
                              {i.nature}
                            </span>
                          ) : null}
                        </td>
                        <td>{i.court ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            <Empty>
              Aucune procédure collective n&apos;a été publiée au BODACC pour cette entreprise dans
              nos données.
            </Empty>
          )
        }
      </WhenLoaded>
    </Section>
  );
}

export function BrandsTable({ brands }: { brands: BrandView[] }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">Marque</th>
            <th scope="col">Numéro</th>
            <th scope="col">Dépôt</th>
            <th scope="col">Statut</th>
            <th scope="col">Classes</th>
          </tr>
        </thead>
        <tbody>
          {brands.map((b) => (
            <tr key={b.applicationNumber}>
              <td>{b.name ?? '—'}</td>
              <td>{b.applicationNumber}</td>
              <td>{formatDate(b.filingDate)}</td>
              <td>{b.status ?? '—'}</td>
              <td>{b.classes ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BrandsSection({ siren, brands }: { siren: string; brands: Result<BrandView[]> }) {
  return (
    <Section
      id="marques"
      title="Marques déposées"
      link={{ href: `/marques/${siren}`, label: 'Toutes les marques' }}
      sources={brands.ok ? brands.value.slice(0, 1).map((b) => b.source) : []}
    >
      <WhenLoaded value={brands}>
        {(b) =>
          b.length ? <BrandsTable brands={b.slice(0, 10)} /> : <Empty>Aucune marque connue.</Empty>
        }
      </WhenLoaded>
    </Section>
  );
}

export function AgreementsSection({ agreements }: { agreements: Result<AgreementView[]> }) {
  return (
    <Section
      id="conventions"
      title="Conventions collectives"
      sources={agreements.ok ? agreements.value.slice(0, 1).map((a) => a.source) : []}
    >
      <WhenLoaded value={agreements}>
        {(list) =>
          list.length ? (
            <ul className={s.cards}>
              {list.map((a) => (
                <li key={a.idcc} className={s.card}>
                  <strong>IDCC {a.idcc}</strong>
                  <span style={{ display: 'block' }}>{a.title}</span>
                  <span className={s.note}>
                    {formatNumber(a.establishments)} établissement{a.establishments > 1 ? 's' : ''}{' '}
                    déclarant
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>
              Aucune convention collective n&apos;est déclarée par les établissements de cette
              entreprise.
            </Empty>
          )
        }
      </WhenLoaded>
    </Section>
  );
}

export function EmployeesSection({ profile: p }: { profile: CompanyProfile }) {
  return (
    <Section id="effectifs" title="Effectifs" sources={[p.sources.identity]}>
      <p>
        <strong>{p.headcount.label}</strong>
        {p.headcount.year ? ` (effectif ${p.headcount.year})` : ''}.{' '}
        {p.employer === true
          ? "L'entreprise est employeuse."
          : p.employer === false
            ? "L'entreprise n'est pas employeuse."
            : ''}
      </p>
      <p className={s.note}>
        L&apos;INSEE publie une tranche d&apos;effectif salarié, non un nombre exact ; la tranche se
        rapporte à l&apos;année indiquée.
      </p>
    </Section>
  );
}

export function ActsSection({ siren }: { siren: string }) {
  return (
    <Section
      id="actes"
      title="Actes et statuts"
      link={{ href: `/actes-et-statuts/${siren}`, label: 'En savoir plus' }}
    >
      <Empty>
        Les actes et statuts déposés au Registre national des entreprises ne sont pas encore
        intégrés à nos données. Ils sont consultables gratuitement sur le site de l&apos;INPI
        (data.inpi.fr).
      </Empty>
    </Section>
  );
}

export function SimilarSection({ similar }: { similar: Result<CompanySummary[]> }) {
  return (
    <Section id="similaires" title="Entreprises similaires">
      <WhenLoaded value={similar}>
        {(list) => (
          <>
            <p className={s.muted}>Même activité, même département, classées par taille.</p>
            <ul className={s.cards}>
              {list.map((c) => (
                <li key={c.siren} className={s.card}>
                  <Link href={`/entreprises/${c.siren}/${c.slug}`} prefetch={false}>
                    {c.name}
                  </Link>
                  <span className={s.note} style={{ display: 'block' }}>
                    {[c.communeName, c.headcountLabel].filter(Boolean).join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </WhenLoaded>
    </Section>
  );
}
