import type { CompanyDocument } from '@/domain/catalogue/documents';
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
import { Empty, Section, SourceLine, WhenLoaded } from './Section';
import { interpolate, messages } from '@/i18n';
import s from './company.module.css';
import { ScrollRegion } from '@/ui/scroll/ScrollRegion';
import { ColumnHeads } from '@/ui/table/ColumnHeads';

const m = messages.company;

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
            <strong>
              {n.noticeType === 'rectificatif' ? m.notices.correction : m.notices.cancellation}
            </strong>
          ) : null}
          <strong>{n.familyLabel}</strong>
          {n.typeLabel && !sameLabel(n.typeLabel, n.familyLabel) ? ` (${n.typeLabel})` : ''}
          {n.corrects ? (
            <span className={s.note} style={{ display: 'block' }}>
              {n.noticeType === 'annulation' ? m.notices.cancels : m.notices.corrects}{' '}
              {n.corrects.held ? (
                <a href={`#annonce-${n.corrects.id}`}>{n.corrects.id}</a>
              ) : (
                interpolate(m.notices.notHeld, { id: n.corrects.id })
              )}
              {n.corrects.publishedAt
                ? interpolate(m.notices.ofDate, { date: formatDate(n.corrects.publishedAt) })
                : ''}
            </span>
          ) : null}
          {n.correctedBy.length ? (
            <span className={s.note} style={{ display: 'block' }}>
              {interpolate(m.notices.correctedBy, { n: n.correctedBy.length })}{' '}
              {n.correctedBy.map((id, i) => (
                <span key={id}>
                  {i ? ', ' : ''}
                  <a href={`#annonce-${id}`}>{id}</a>
                </span>
              ))}
            </span>
          ) : null}
          <span className={s.note} style={{ display: 'block' }}>
            {interpolate(m.notices.kind, { kind: n.bodaccKind })}
            {n.noticeNumber ? interpolate(m.notices.number, { number: n.noticeNumber }) : ''}
            {n.court ? ` · ${n.court}` : ''}
          </span>
          {n.text ? <p className={s.noticeText}>{frenchDates(n.text)}</p> : null}
          {n.fields.length ? (
            <details>
              <summary>{interpolate(m.notices.allFields, { count: n.fields.length })}</summary>
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
  orders,
}: {
  siren: string;
  notices: Result<{ items: NoticeView[]; total: number }>;
  searched?: SourceRef[];
  orders?: CompanyDocument[];
}) {
  return (
    <Section
      id="annonces"
      title={m.notices.title}
      link={{ href: `/annonces-bodacc/${siren}`, label: m.notices.allLink }}
      sources={notices.ok ? notices.value.items.slice(0, 1).map((n) => n.source) : []}
      searched={searched}
      orders={orders}
    >
      <WhenLoaded value={notices}>
        {(n) =>
          n.items.length ? (
            <>
              <p className={s.muted}>
                {interpolate(m.notices.count, { count: formatNumber(n.total), n: n.total })}
                {n.total > n.items.length
                  ? interpolate(m.notices.latest, { count: n.items.length })
                  : ''}
                .
              </p>
              <NoticesTimeline items={n.items} />
            </>
          ) : (
            <Empty>{m.subPages.notices.none}</Empty>
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
      title={m.insolvency.title}
      sources={insolvency.ok && insolvency.value.current ? [insolvency.value.source] : []}
      searched={searched}
    >
      <WhenLoaded value={insolvency}>
        {(p) =>
          p.current ? (
            <>
              <p>
                <strong>{m.insolvency.current}</strong>{' '}
                {p.current.stateLabel ?? p.current.nature ?? m.insolvency.unspecified}
                {p.current.judgmentDate
                  ? interpolate(m.insolvency.judgmentOf, {
                      date: formatDate(p.current.judgmentDate),
                    })
                  : ''}
              </p>
              <ScrollRegion label={m.insolvency.title}>
                <table className={s.table}>
                  <ColumnHeads
                    labels={[m.insolvency.judgmentDate, m.insolvency.nature, m.insolvency.court]}
                  />
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
              </ScrollRegion>
            </>
          ) : (
            <Empty>{m.insolvency.none}</Empty>
          )
        }
      </WhenLoaded>
      <LexiconNote term="insolvency" text={m.insolvency.lexicon} />
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

const BRAND_COLUMNS = ['name', 'number', 'filing', 'status', 'classes'] as const;

export function BrandsTable({ brands }: { brands: BrandView[] }) {
  return (
    <ScrollRegion label={m.brands.title}>
      <table className={s.table}>
        <ColumnHeads labels={BRAND_COLUMNS.map((k) => m.brands[k])} />
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
    </ScrollRegion>
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
      title={m.brands.title}
      link={{ href: `/marques/${siren}`, label: m.brands.allLink }}
      sources={brands.ok ? brands.value.slice(0, 1).map((b) => b.source) : []}
      searched={searched}
    >
      <WhenLoaded value={brands}>
        {(b) =>
          b.length ? <BrandsTable brands={b.slice(0, 10)} /> : <Empty>{m.brands.none}</Empty>
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
      title={m.agreements.title}
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
                      <strong>{interpolate(m.agreements.idcc, { idcc: a.idcc })}</strong>
                      <span style={{ display: 'block' }}>{a.title}</span>
                    </>
                  )}
                  {a.establishments > 0 ? (
                    <span className={s.note} style={{ display: 'block' }}>
                      {interpolate(m.agreements.declaring, {
                        count: formatNumber(a.establishments),
                        n: a.establishments,
                      })}
                      {a.idcc === '9999' ? m.agreements.noAgreement : ''}
                    </span>
                  ) : null}
                  <span className={s.note} style={{ display: 'block' }}>
                    {m.agreements.according}{' '}
                    {a.sources
                      .map((x) =>
                        x.source === 'idcc'
                          ? m.agreements.dsn
                          : a.establishments > 0
                            ? m.agreements.annuaire
                            : m.agreements.annuaireList,
                      )
                      .join(' ; ')}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>{m.agreements.none}</Empty>
          )
        }
      </WhenLoaded>
    </Section>
  );
}

export function EmployeesSection({ profile: p }: { profile: CompanyProfile }) {
  return (
    <Section id="effectifs" title={m.employees.title} sources={[p.sources.identity]}>
      <p>
        <strong>{p.headcount.label}</strong>
        {p.headcount.year ? interpolate(m.employees.year, { year: p.headcount.year }) : ''}.{' '}
        {p.employer === true
          ? m.employees.employer
          : p.employer === false
            ? m.employees.notEmployer
            : ''}
      </p>
      <p className={s.note}>{m.employees.note}</p>
    </Section>
  );
}

/**
 * The acts section of the company page: the filings are listed on /actes-et-statuts/{siren} when
 * INPI is connected here (`inpiConnected`); otherwise they are said to exist at INPI, with its
 * free public page.
 */
export function ActsSection({ siren, inpiConnected }: { siren: string; inpiConnected: boolean }) {
  return (
    <Section
      id="actes"
      title={m.acts.title}
      link={{ href: `/actes-et-statuts/${siren}`, label: m.acts.link }}
    >
      {inpiConnected ? (
        <p>{m.acts.loaded}</p>
      ) : (
        <p>
          {m.acts.atInpi}{' '}
          <a href={`https://data.inpi.fr/entreprises/${siren}`} rel="noopener noreferrer">
            {m.acts.inpiLink}
          </a>
        </p>
      )}
    </Section>
  );
}

export function SimilarSection({ similar }: { similar: Result<CompanySummary[]> }) {
  return (
    <Section id="similaires" title={m.similar.title}>
      <WhenLoaded value={similar}>
        {(list) => (
          <>
            <p className={s.muted}>{m.similar.rule}</p>
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
      title={m.labels.title}
      sources={labels.ok ? labels.value.flatMap((l) => l.sources) : []}
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
                {/* Each label with the sources that give it and their dates (ESS France, ADEME…). */}
                <SourceLine sources={l.sources} />
              </li>
            ))}
          </ul>
        )}
      </WhenLoaded>
    </Section>
  );
}
