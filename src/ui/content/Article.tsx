import Link from 'next/link';
import type { ReactNode } from 'react';
import { getEnv } from '@/config/env';
import { formatSiren } from '@/domain/siren';
import type { ContentEntry } from '@/content/types';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import { frenchDate, isoDay } from './format';
import { OwnSchema } from '@/ui/frame/schemaStorage';
import { JsonLd } from './JsonLd';
import s from './content.module.css';

/** Table of contents from this many headings (h2 + h3) up: the long guides. */
const TOC_MIN_HEADINGS = 4;

export type RelatedLink = { title: string; href: string; description?: string };

type Props = {
  entry: ContentEntry;
  /** The page's own path, for JSON-LD. */
  url: string;
  trail: Crumb[];
  /** What JSON-LD describes the page: an article, or a term of a glossary. */
  kind: 'Article' | 'DefinedTerm';
  /** For DefinedTerm: the glossary it belongs to. */
  termSet?: { name: string; href: string };
  related?: RelatedLink[];
  relatedTitle?: string;
  /** Rendered after the body (links to services, calls to action). */
  children?: ReactNode;
};

/**
 * One content page: breadcrumbs, title, dates and reading time, table of contents for long
 * texts, the body, the companies it mentions, its sources, and related reading. Static.
 */
export function Article({
  entry,
  url,
  trail,
  kind,
  termSet,
  related = [],
  relatedTitle = 'À lire aussi',
  children,
}: Props) {
  const site = getEnv().SITE_URL.replace(/\/$/, '');
  const withToc = entry.toc.length >= TOC_MIN_HEADINGS;
  const jsonLd =
    kind === 'DefinedTerm'
      ? {
          '@context': 'https://schema.org',
          '@type': 'DefinedTerm',
          name: entry.title,
          description: entry.description,
          url: `${site}${url}`,
          ...(entry.aliases.length ? { alternateName: entry.aliases } : {}),
          ...(termSet
            ? {
                inDefinedTermSet: {
                  '@type': 'DefinedTermSet',
                  name: termSet.name,
                  url: `${site}${termSet.href}`,
                },
              }
            : {}),
        }
      : {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: entry.title,
          description: entry.description,
          datePublished: isoDay(entry.date),
          dateModified: isoDay(entry.updated ?? entry.date),
          author: { '@type': 'Organization', name: entry.author },
          publisher: { '@type': 'Organization', name: 'Registre', url: site },
          mainEntityOfPage: `${site}${url}`,
          inLanguage: 'fr-FR',
          wordCount: entry.metadata.wordCount,
          ...(entry.tags.length ? { keywords: entry.tags.join(', ') } : {}),
        };
  return (
    <article className={`container ${s.page}`}>
      <Breadcrumbs trail={trail} />
      <h1 className={s.title}>{entry.title}</h1>
      <p className={s.lead}>{entry.description}</p>
      <p className={s.meta}>
        <span>
          Publié le <time dateTime={isoDay(entry.date)}>{frenchDate(entry.date)}</time>
        </span>
        {entry.updated ? (
          <span>
            Mis à jour le <time dateTime={isoDay(entry.updated)}>{frenchDate(entry.updated)}</time>
          </span>
        ) : null}
        <span>Par {entry.author}</span>
        <span>Lecture : {Math.max(1, entry.metadata.readingTime)} min</span>
        {entry.figuresYear ? <span>Chiffres {entry.figuresYear}</span> : null}
      </p>
      <div className={`${s.layout} ${withToc ? s.withToc : ''}`}>
        {withToc ? (
          <nav className={s.toc} aria-labelledby="toc-title">
            <h2 id="toc-title">Sommaire</h2>
            <ol>
              {entry.toc.map((t) => (
                <li key={t.id} className={t.level === 3 ? s.sub : undefined}>
                  <a href={`#${t.id}`}>{t.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div>
          <div className={s.prose} dangerouslySetInnerHTML={{ __html: entry.html }} />
          {children}
          {entry.sirens.length ? (
            <section className={s.aside} aria-labelledby="companies-title">
              <h2 id="companies-title">Entreprises citées</h2>
              <ul>
                {entry.sirens.map((siren) => (
                  <li key={siren}>
                    <Link href={`/entreprises/${siren}`} prefetch={false}>
                      Fiche de l’entreprise SIREN {formatSiren(siren)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className={s.aside} aria-labelledby="sources-title">
            <h2 id="sources-title">Sources</h2>
            <ul>
              {entry.sources.map((src) => (
                <li key={`${src.publisher}-${src.title}`}>
                  {src.url ? (
                    <a href={src.url} rel="noopener noreferrer">
                      {src.title}
                    </a>
                  ) : (
                    src.title
                  )}{' '}
                  — {src.publisher}
                </li>
              ))}
            </ul>
            {entry.figuresYear ? (
              <p className={s.note}>
                Les montants, seuils et taux cités sont ceux de {entry.figuresYear}.
              </p>
            ) : null}
          </section>
          {related.length ? (
            <section className={s.aside} aria-labelledby="related-title">
              <h2 id="related-title">{relatedTitle}</h2>
              <ul>
                {related.map((r) => (
                  <li key={r.href}>
                    <Link href={r.href}>{r.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      <JsonLd data={jsonLd} />
      <OwnSchema />
    </article>
  );
}

/** A grid of entry cards. */
export function EntryCards({
  items,
  headingLevel = 2,
}: {
  items: RelatedLink[];
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={s.cards}>
      {items.map((it) => (
        <li key={it.href} className={s.card}>
          <H>
            <Link href={it.href}>{it.title}</Link>
          </H>
          {it.description ? <p>{it.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** Page heading block for list pages. */
export function ListHeader({
  trail,
  title,
  lead,
}: {
  trail: Crumb[];
  title: string;
  lead?: string;
}) {
  return (
    <>
      <Breadcrumbs trail={trail} />
      <h1 className={s.title}>{title}</h1>
      {lead ? <p className={s.lead}>{lead}</p> : null}
    </>
  );
}
