import { notFound } from 'next/navigation';
import Link from 'next/link';
import { categories, category, inCategory, urlOf } from '@/content';
import { EntryCards, ListHeader } from '@/ui/content/Article';
import { pageMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const dynamicParams = false;
export function generateStaticParams() {
  return categories('actualites').map((c) => ({ category: c.slug }));
}

type Props = { params: Promise<{ category: string }> };

export async function generateMetadata({ params }: Props) {
  const c = category('actualites', (await params).category);
  if (!c) return {};
  return pageMetadata(`/actualites/${c.slug}`, `${c.title} — Actualités`, c.description);
}

export default async function BlogCategory({ params }: Props) {
  const c = category('actualites', (await params).category);
  if (!c) notFound();
  const posts = inCategory('actualites', c.slug);
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[
          { name: 'Actualités', href: '/actualites' },
          { name: c.title, href: `/actualites/${c.slug}` },
        ]}
        title={c.title}
        lead={c.description}
      />
      <ul className={s.chips} aria-label="Catégories">
        {categories('actualites').map((o) => (
          <li key={o.slug}>
            <Link
              href={`/actualites/${o.slug}`}
              aria-current={o.slug === c.slug ? 'page' : undefined}
            >
              {o.title}
            </Link>
          </li>
        ))}
      </ul>
      {posts.length ? (
        <EntryCards
          items={posts.map((p) => ({
            title: p.title,
            href: urlOf('actualites', p),
            description: p.description,
          }))}
        />
      ) : (
        <p>
          Aucun article dans cette catégorie pour le moment.{' '}
          <Link href="/actualites">Voir toutes les actualités</Link>.
        </p>
      )}
    </div>
  );
}
