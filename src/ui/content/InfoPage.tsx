import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { entry } from '@/content';
import { Breadcrumbs } from './Breadcrumbs';
import { frenchDate, isoDay } from './format';
import { pageMetadata } from './metadata';
import s from './content.module.css';

/** Metadata of an information page, from its content file `content/pages/<slug>.md`. */
export function infoPageMetadata(slug: string) {
  const e = entry('pages', null, slug);
  if (!e) throw new Error(`content/pages/${slug}.md manquant`);
  return pageMetadata(`/${slug}`, e.title, e.description);
}

/**
 * An information page (legal notices, terms, privacy, about…): its Markdown text, with
 * `before`/`after` for what the page does besides (a form, the services grid, downloads).
 */
export function InfoPage({
  slug,
  before,
  after,
}: {
  slug: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const e = entry('pages', null, slug);
  if (!e) notFound();
  return (
    <div className={`container ${s.page}`}>
      <Breadcrumbs trail={[{ name: e.title, href: `/${slug}` }]} />
      <h1 className={s.title}>{e.title}</h1>
      <p className={s.meta}>
        <span>
          Version du{' '}
          <time dateTime={isoDay(e.updated ?? e.date)}>{frenchDate(e.updated ?? e.date)}</time>
        </span>
      </p>
      {before}
      <div className={s.prose} dangerouslySetInnerHTML={{ __html: e.html }} />
      {after}
    </div>
  );
}
