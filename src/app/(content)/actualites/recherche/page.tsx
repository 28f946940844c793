import { Suspense } from 'react';
import { categories } from '@/content';
import { ListHeader } from '@/ui/content/Article';
import { ContentSearch } from '@/ui/content/ContentSearch';
import { pageMetadata } from '@/ui/content/metadata';
import s from '@/ui/content/content.module.css';

export const metadata = pageMetadata(
  '/actualites/recherche',
  'Rechercher dans les actualités',
  'Retrouvez un article d’actualité sur les entreprises, les registres ou la réglementation par mot-clé.',
);

export default function BlogSearch() {
  const browse = categories('actualites').map((c) => ({
    title: c.title,
    href: `/actualites/${c.slug}`,
  }));
  return (
    <div className={`container ${s.page}`}>
      <ListHeader
        trail={[
          { name: 'Actualités', href: '/actualites' },
          { name: 'Recherche', href: '/actualites/recherche' },
        ]}
        title="Rechercher dans les actualités"
      />
      <Suspense>
        <ContentSearch
          indexUrl="/actualites/recherche/index.json"
          action="/actualites/recherche"
          label="Mots-clés"
          placeholder="Kbis, BODACC, TVA…"
          browse={browse}
        />
      </Suspense>
    </div>
  );
}
