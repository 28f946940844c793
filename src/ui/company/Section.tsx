import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Result } from '@/lib/errors';
import type { SourceRef } from '@/registry/result';
import { formatDate } from './format';
import s from './company.module.css';
import { t } from '@/i18n';

export function SourceLine({ sources }: { sources: Array<SourceRef | null | undefined> }) {
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
      Source :{' '}
      {items
        .map((x) => (x.date ? `${x.label}, mise à jour du ${formatDate(x.date)}` : x.label))
        .join(' ; ')}
    </p>
  );
}

export function Section({
  id,
  title,
  link,
  sources,
  children,
  headingLevel = 2,
}: {
  id: string;
  title: string;
  link?: { href: string; label: string };
  sources?: Array<SourceRef | null | undefined>;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
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
      {sources ? <SourceLine sources={sources} /> : null}
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
