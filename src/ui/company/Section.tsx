import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Result } from '@/lib/errors';
import type { CompanyDocument } from '@/domain/catalogue/documents';
import { formatPrice } from '@/domain/catalogue';
import type { SourceRef } from '@/registry/result';
import { isReportSection } from '@/domain/error-reports';
import { formatDate } from './format';
import { ReportError } from './ReportError';
import s from './company.module.css';
import { t } from '@/i18n';

/**
 * « Source : X, mise à jour du … » under data; with `searched`, the sources an empty section
 * looked in and how far our data of each goes (« Sources consultées : BODACC, données jusqu'au … »).
 */
export function SourceLine({
  sources,
  searched = false,
}: {
  sources: Array<SourceRef | null | undefined>;
  searched?: boolean;
}) {
  const seen = new Set<string>();
  const items = sources.filter((x): x is SourceRef => {
    if (!x) return false;
    const k = `${x.label}|${x.date}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  if (items.length === 0) return null;
  return (
    <p className={s.source}>
      {searched ? 'Sources consultées' : items.length > 1 ? 'Sources' : 'Source'} :{' '}
      {items
        .map((x) =>
          x.date
            ? `${x.label}, ${searched ? 'données jusqu’au' : 'mise à jour du'} ${formatDate(x.date)}`
            : `${x.label} (date non communiquée par la source)`,
        )
        .join(' ; ')}
    </p>
  );
}

export function Section({
  id,
  title,
  link,
  sources,
  searched,
  children,
  headingLevel = 2,
  orders = [],
}: {
  id: string;
  title: string;
  link?: { href: string; label: string };
  sources?: Array<SourceRef | null | undefined>;
  /** The sources searched, printed when the section shows no data (no `sources`). */
  searched?: SourceRef[];
  children: ReactNode;
  headingLevel?: 2 | 3;
  /** The deliverable documents made of this section's data: links to their order pages. */
  orders?: CompanyDocument[];
}) {
  const hasSources = (sources ?? []).some(Boolean);
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section id={id} className={s.section} aria-labelledby={`${id}-title`}>
      <div className={s.sectionHead}>
        <H id={`${id}-title`} className={s.sectionTitle}>
          {title}
        </H>
        {link ? (
          <Link className={s.sectionLink} href={link.href} prefetch={false}>
            {link.label}
          </Link>
        ) : null}
      </div>
      {children}
      <SectionOrders orders={orders} />
      {hasSources ? (
        <SourceLine sources={sources!} />
      ) : searched?.length ? (
        <SourceLine sources={searched} searched />
      ) : null}
      {isReportSection(id) ? <ReportError section={id} /> : null}
    </section>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className={s.empty}>{children}</p>;
}

/** Renders a loaded section, or its honest empty state when the source failed. */
export function WhenLoaded<R extends Result<unknown>>({
  value,
  children,
}: {
  value: R;
  children: (data: Extract<R, { ok: true }>['value']) => ReactNode;
}) {
  if (!value.ok) return <Empty>{t('company', 'sourceFailed', { message: value.message })}</Empty>;
  return <>{children(value.value)}</>;
}

/** Under a section whose data a document sells: a link to that document's order page. */
function SectionOrders({ orders }: { orders: CompanyDocument[] }) {
  if (!orders.length) return null;
  return (
    <ul className={s.sectionOrders}>
      {orders.map((d) => (
        <li key={d.kind}>
          <Link href={d.href} prefetch={false}>
            {t('company', 'documents.sectionOrder', {
              document: d.label,
              price: formatPrice(d.priceCents),
            })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
