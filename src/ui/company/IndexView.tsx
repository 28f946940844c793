import Link from 'next/link';
import type { ReactNode } from 'react';
import { Breadcrumb } from './CompanyHeader';
import { interpolate, messages } from '@/i18n';
import s from './company.module.css';

const m = messages.company.index;

export type IndexLink = { href: string; label: string; detail?: string };

/** A crawlable index page: heading, intro, a list of links, and previous/next page links. */
export function IndexView({
  crumbs,
  title,
  intro,
  links,
  columns = true,
  pager,
  empty,
  children,
}: {
  crumbs: Array<{ label: string; href?: string }>;
  title: string;
  intro?: ReactNode;
  links: IndexLink[];
  columns?: boolean;
  pager?: { prev?: string; next?: string; page: number };
  empty?: string;
  children?: ReactNode;
}) {
  return (
    <div className={s.page}>
      <Breadcrumb items={crumbs} />
      <h1 className={s.title}>{title}</h1>
      {intro ? <p className={s.subtitle}>{intro}</p> : null}
      {children}
      <section className={s.section}>
        {links.length ? (
          <ul className={columns ? s.linkList : s.cards}>
            {links.map((l) => (
              <li key={l.href} className={columns ? undefined : s.card}>
                <Link href={l.href} prefetch={false}>
                  {l.label}
                </Link>
                {l.detail ? (
                  <span className={s.note} style={{ display: 'block' }}>
                    {l.detail}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.empty}>{empty ?? m.empty}</p>
        )}
        {pager && (pager.prev || pager.next) ? (
          <nav className={s.pager} aria-label={m.pagination}>
            {pager.prev ? (
              <Link href={pager.prev} prefetch={false}>
                {messages.company.pager.previous}
              </Link>
            ) : null}
            <span>{interpolate(m.page, { page: pager.page })}</span>
            {pager.next ? (
              <Link href={pager.next} prefetch={false}>
                {messages.company.pager.next}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
