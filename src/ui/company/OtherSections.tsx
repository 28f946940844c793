import Link from 'next/link';
import { lexiconLink } from '@/content/lexicon-links';
import type { Result } from '@/lib/errors';
import type { AgreementView, BrandView } from '@/registry/brands';
import type { CompanyProfile } from '@/registry/company';
import type { InsolvencySummary, NoticeView } from '@/registry/notices';
import type { SourceRef } from '@/registry/result';
import type { CompanyLabelView } from '@/registry/company-labels';
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
        <li key={n.id} id={`annonce-${n.id}`}>
          <span className={s.timelineDate}>{formatLongDate(n.publishedAt)}</span> —{' '}
          {n.noticeType === 'rectificatif' || n.noticeType === 'annulation' ? (
            <strong>{n.noticeType === 'rectificatif' ? 'Rectificatif : ' : 'Annulation : '}</strong>
          ) : null}
          <strong>{n.familyLabel}</strong>
          {n.typeLabel && !sameLabel(n.typeLabel, n.familyLabel) ? ` (${n.typeLabel})` : ''}
          {n.corrects ? (
            <span className={s.note} style={{ display: 'block' }}>
              {n.noticeType === 'annulation' ? 'Annule' : 'Corrige'} l&apos;annonce{' '}
              {n.corrects.held ? (
                <a href={`#annonce-${n.corrects.id}`}>{n.corrects.id}</a>
              ) : (
                <>{n.corrects.id} (non présente dans nos données)</>
              )}
              {n.corrects.publishedAt ? ` du ${formatDate(n.corrects.publishedAt)}` : ''}
            </span>
          ) : null}
          {n.correctedBy.length ? (
            <span className={s.note} style={{ display: 'block' }}>
              Corrigée par l&apos;annonce{n.correctedBy.length > 1 ? 's' : ''}{' '}
              {n.correctedBy.map((id, i) => (
                <span key={id}>
                  {i ? ', ' : ''}
                  <a href={`#annonce-${id}`}>{id}</a>
                </span>
              ))}
            </span>
          ) : null}
          <span className={s.note} style={{ display: 'block' }}>
            BODACC {n.bodaccKind}
            {n.noticeNumber ? `, annonce n° ${n.noticeNumber}` : ''}
            {n.court ? ` · ${n.court}` : ''}
          </span>
          {n.text ? <p className={s.noticeText}>{frenchDates(n.text)}</p> : null}
          {n.fields.length ? (
            <details>
              <summary>Tous les champs de l&apos;annonce ({n.fields.length})</summary>
              <dl className={s.noticeFields}>
                {n.fields.map((f, i) => (
                  <div key={i}>
                    <dt>{f.label}</dt>
                    <dd>{frenchDates(f.value)}</dd>
                  </div>
                ))}
              </dl>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function NoticesSection({
  siren,
  notices,
  searched,
}: {
  siren: string;
  notices: Result<{ items: NoticeView[]; total: number }>;
  searched?: SourceRef[];
}) {
  return (
    <Section
      id="annonces"
      title="Annonces BODACC"
      link={{ href: `/annonces-bodacc/${siren}`, label: 'Toutes les annonces' }}
      sources={notices.ok ? notices.value.items.slice(0, 1).map((n) => n.source) : []}
      searched={searched}
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

export function InsolvencySection({
  insolvency,
  searched,
}: {
  insolvency: Result<InsolvencySummary>;
  searched?: SourceRef[];
}) {
  return (
    <Section
      id="procedures"
      title="Procédures collectives"
      sources={insolvency.ok && insolvency.value.current ? [insolvency.value.source] : []}
      searched={searched}
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
      <LexiconNote term="insolvency" text="Qu’est-ce qu’une procédure collective ?" />
    </Section>
  );
}

/** A "what does this mean" link to the lexicon, when the lexicon explains the notion. */
function LexiconNote({ term, text }: { term: 'insolvency' | 'bodacc'; text: string }) {
  const href = lexiconLink(term);
  return href ? (
    <p className={s.note}>
      <Link href={href} prefetch={false} data-testid="lexicon-link">
        {text}
      </Link>
    </p>
  ) : null;
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

export function BrandsSection({
  siren,
  brands,
  searched,
}: {
  siren: string;
  brands: Result<BrandView[]>;
  searched?: SourceRef[];
}) {
  return (
    <Section
      id="marques"
      title="Marques déposées"
      link={{ href: `/marques/${siren}`, label: 'Toutes les marques' }}
      sources={brands.ok ? brands.value.slice(0, 1).map((b) => b.source) : []}
      searched={searched}
    >
      <WhenLoaded value={brands}>
        {(b) =>
          b.length ? <BrandsTable brands={b.slice(0, 10)} /> : <Empty>Aucune marque connue.</Empty>
        }
      </WhenLoaded>
    </Section>
  );
}

export function AgreementsSection({
  agreements,
  searched,
}: {
  agreements: Result<AgreementView[]>;
  searched?: SourceRef[];
}) {
  return (
    <Section
      id="conventions"
      title="Conventions collectives"
      sources={agreements.ok ? agreements.value.flatMap((a) => a.sources) : []}
      searched={searched}
    >
      <WhenLoaded value={agreements}>
        {(list) =>
          list.length ? (
            <ul className={s.cards}>
              {list.map((a) => (
                <li key={a.idcc} className={s.card}>
                  {a.idcc === '9999' ? (
                    <strong>{a.title}</strong>
                  ) : (
                    <>
                      <strong>IDCC {a.idcc}</strong>
                      <span style={{ display: 'block' }}>{a.title}</span>
                    </>
                  )}
                  {a.establishments > 0 ? (
                    <span className={s.note} style={{ display: 'block' }}>
                      {formatNumber(a.establishments)} établissement
                      {a.establishments > 1 ? 's' : ''} déclarant
                      {a.idcc === '9999' ? ' ne relever d’aucune convention' : ''}
                    </span>
                  ) : null}
                  <span className={s.note} style={{ display: 'block' }}>
                    Selon :{' '}
                    {a.sources
                      .map((x) =>
                        x.source === 'idcc'
                          ? 'déclarations sociales (DSN) des établissements'
                          : a.establishments > 0
                            ? 'Annuaire des Entreprises'
                            : 'Annuaire des Entreprises (liste de l’entreprise)',
                      )
                      .join(' ; ')}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>
              Aucune convention collective n&apos;est connue pour cette entreprise dans nos sources.
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

/** Labels and certifications, as the Annuaire des Entreprises shows them. */
export function LabelsSection({ labels }: { labels: Result<CompanyLabelView[]> }) {
  return (
    <Section
      id="labels"
      title="Labels et certifications"
      sources={labels.ok ? labels.value.map((l) => l.source) : []}
    >
      <WhenLoaded value={labels}>
        {(list) => (
          <ul className={s.cards}>
            {list.map((l) => (
              <li key={l.code} className={s.card}>
                <strong>{l.label}</strong>
                <span className={s.note} style={{ display: 'block' }}>
                  {l.description}
                </span>
                {l.details.map((d) => (
                  <span key={d} className={s.note} style={{ display: 'block' }}>
                    {d}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        )}
      </WhenLoaded>
    </Section>
  );
}
