import Link from 'next/link';
import { getEnv } from '@/config/env';
import { JsonLd } from './JsonLd';
import s from './content.module.css';

export type Crumb = { name: string; href: string };

/** The trail from the home page, with its BreadcrumbList JSON-LD. The last crumb is the page. */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const all = [{ name: 'Accueil', href: '/' }, ...trail];
  const site = getEnv().SITE_URL.replace(/\/$/, '');
  return (
    <nav className={s.breadcrumbs} aria-label="Fil d’Ariane">
      <ol>
        {all.map((c, i) =>
          i === all.length - 1 ? (
            <li key={c.href} aria-current="page">
              {c.name}
            </li>
          ) : (
            <li key={c.href}>
              <Link href={c.href}>{c.name}</Link>
            </li>
          ),
        )}
      </ol>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: all.map((c, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: c.name,
            item: `${site}${c.href}`,
          })),
        }}
      />
    </nav>
  );
}
