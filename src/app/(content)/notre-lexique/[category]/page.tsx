import Link from 'next/link';
import { inCategory, urlOf } from '@/content';
import {
  categoryPages,
  CategoryHeader,
  InitialSections,
  type CategoryPageProps,
} from '@/ui/content/ListPages';
import s from '@/ui/content/content.module.css';

const pages = categoryPages('lexique', '/notre-lexique');

export const dynamicParams = false;
export const generateStaticParams = pages.generateStaticParams;
export const generateMetadata = pages.generateMetadata;

export default async function LexiconCategory(props: CategoryPageProps) {
  const c = await pages.categoryOf(props);
  const terms = inCategory('lexique', c.slug);
  return (
    <div className={`container ${s.page}`}>
      <CategoryHeader
        group="lexique"
        home={{ name: 'Notre lexique', href: '/notre-lexique' }}
        current={c}
        chipsLabel="Autres catégories du lexique"
      />
      {terms.length ? (
        <InitialSections
          items={terms}
          list={(list) => (
            <ul className={s.cards}>
              {list.map((t) => (
                <li key={t.slug} className={s.card}>
                  <h3>
                    <Link href={urlOf('lexique', t)}>{t.title}</Link>
                  </h3>
                  <p>{t.description}</p>
                </li>
              ))}
            </ul>
          )}
        />
      ) : (
        <p>
          Cette catégorie est en cours de rédaction.{' '}
          <Link href="/notre-lexique">Voir tout le lexique</Link>.
        </p>
      )}
    </div>
  );
}
