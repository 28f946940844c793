import { notFound } from 'next/navigation';
import Link from 'next/link';
import { entry, related, urlOf, articlesFor } from '@/content';
import { services } from '@/domain/catalogue';
import { Article } from './Article';
import s from './content.module.css';

/** The name of a service group page, from the catalogue ("Extrait Kbis"), or the directors'. */
export function serviceTitle(servicePath: string): string {
  if (servicePath === 'dirigeants') return 'Dirigeants';
  return services.find((x) => x.link === `/${servicePath}`)?.title ?? servicePath;
}

/** An article of a service group page, `/{servicePath}/article/{slug}`. */
export function ServiceArticle({ servicePath, slug }: { servicePath: string; slug: string }) {
  const e = entry('articles', servicePath, slug);
  if (!e) notFound();
  const url = urlOf('articles', e);
  const title = serviceTitle(servicePath);
  const siblings = articlesFor(servicePath).filter((a) => a.slug !== slug);
  const near = siblings.length ? siblings : related('articles', e);
  return (
    <Article
      entry={e}
      url={url}
      kind="Article"
      trail={[
        { name: title, href: `/${servicePath}` },
        { name: e.title, href: url },
      ]}
      related={near.map((r) => ({ title: r.title, href: urlOf('articles', r) }))}
    >
      <p className={s.note}>
        <Link href={`/${servicePath}`}>{title} : rechercher une entreprise</Link>
      </p>
    </Article>
  );
}

/** Links to the articles of a service page, for the service page itself. */
export function ServiceArticleLinks({ servicePath }: { servicePath: string }) {
  const list = articlesFor(servicePath);
  if (!list.length) return null;
  return (
    <section className={s.section} aria-labelledby="service-articles">
      <h2 id="service-articles" className={s.sectionTitle}>
        Pour aller plus loin
      </h2>
      <ul>
        {list.map((a) => (
          <li key={a.slug}>
            <Link href={urlOf('articles', a)}>{a.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
