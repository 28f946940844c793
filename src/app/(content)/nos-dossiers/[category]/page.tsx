import Link from 'next/link';
import { inCategory } from '@/content';
import {
  categoryPages,
  CategoryHeader,
  CollectionCards,
  type CategoryPageProps,
} from '@/ui/content/ListPages';
import s from '@/ui/content/content.module.css';

const pages = categoryPages('dossiers', '/nos-dossiers', (c) => `${c.title} — Nos dossiers`);

export const dynamicParams = false;
export const generateStaticParams = pages.generateStaticParams;
export const generateMetadata = pages.generateMetadata;

export default async function GuideCategory(props: CategoryPageProps) {
  const c = await pages.categoryOf(props);
  const list = inCategory('dossiers', c.slug);
  return (
    <div className={`container ${s.page}`}>
      <CategoryHeader
        group="dossiers"
        home={{ name: 'Nos dossiers', href: '/nos-dossiers' }}
        current={c}
        chipsLabel="Autres thèmes"
      />
      {list.length ? (
        <CollectionCards collection="dossiers" entries={list} />
      ) : (
        <p>
          Les dossiers de ce thème sont en cours de rédaction.{' '}
          <Link href="/nos-dossiers">Voir tous nos dossiers</Link>.
        </p>
      )}
    </div>
  );
}
