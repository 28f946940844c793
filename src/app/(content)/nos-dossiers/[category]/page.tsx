import { notFound } from 'next/navigation';
import Link from 'next/link';
import { categories, category, inCategory, urlOf } from '@/content';
import { EntryCards, ListHeader } from '@/ui/content/Article';
import { pageMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const dynamicParams = false;
export function generateStaticParams() {
  return categories('dossiers').map((c) => ({ category: c.slug }));
}

type Props = { params: Promise<{ category: string }> };

export async function generateMetadata({ params }: Props) {
  const c = category('dossiers', (await params).category);
  return c
    ? pageMetadata(`/nos-dossiers/${c.slug}`, `${c.title} — Nos dossiers`, c.description)
    : {};
}

export default async function GuideCategory({ params }: Props) {
  const c = category('dossiers', (await params).category);
  if (!c) notFound();
  const list = inCategory('dossiers', c.slug);
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[
          { name: 'Nos dossiers', href: '/nos-dossiers' },
          { name: c.title, href: `/nos-dossiers/${c.slug}` },
        ]}
        title={c.title}
        lead={c.description}
      />
      <ul className={s.chips} aria-label="Autres thèmes">
        {categories('dossiers').map((o) => (
          <li key={o.slug}>
            <Link
              href={`/nos-dossiers/${o.slug}`}
              aria-current={o.slug === c.slug ? 'page' : undefined}
            >
              {o.title}
            </Link>
          </li>
        ))}
      </ul>
      {list.length ? (
        <EntryCards
          items={list.map((e) => ({
            title: e.title,
            href: urlOf('dossiers', e),
            description: e.description,
          }))}
        />
      ) : (
        <p>
          Les dossiers de ce thème sont en cours de rédaction.{' '}
          <Link href="/nos-dossiers">Voir tous nos dossiers</Link>.
        </p>
      )}
    </div>
  );
}
