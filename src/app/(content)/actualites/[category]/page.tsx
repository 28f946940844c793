import Link from 'next/link';
import { inCategory } from '@/content';
import {
  categoryPages,
  CategoryHeader,
  CollectionCards,
  type CategoryPageProps,
} from '@/ui/content/ListPages';
import s from '@/ui/content/content.module.css';

const pages = categoryPages('actualites', '/actualites', (c) => `${c.title} — Actualités`);

export const dynamicParams = false;
export const generateStaticParams = pages.generateStaticParams;
export const generateMetadata = pages.generateMetadata;

export default async function BlogCategory(props: CategoryPageProps) {
  const c = await pages.categoryOf(props);
  const posts = inCategory('actualites', c.slug);
  return (
    <div className={`container ${s.page}`}>
      <CategoryHeader
        group="actualites"
        home={{ name: 'Actualités', href: '/actualites' }}
        current={c}
        chipsLabel="Catégories"
      />
      {posts.length ? (
        <CollectionCards collection="actualites" entries={posts} />
      ) : (
        <p>
          Aucun article dans cette catégorie pour le moment.{' '}
          <Link href="/actualites">Voir toutes les actualités</Link>.
        </p>
      )}
    </div>
  );
}
