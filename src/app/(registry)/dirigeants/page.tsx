import type { Metadata } from 'next';
import { EMPTY_FILTERS } from '@/search/filter-params';
import { DirectorSearchView } from '@/ui/search/DirectorSearchView';
import { frameMetadata } from '@/ui/frame/metadata';
import { ServiceArticleLinks } from '@/ui/content/ServiceArticle';

export const metadata: Metadata = frameMetadata('/dirigeants', {
  title: 'Rechercher un dirigeant d’entreprise',
  description:
    'Retrouvez les mandats d’un dirigeant : entreprises dirigées, fonctions, mois et année de naissance.',
});

export default function DirectorsSearchPage() {
  return (
    <>
      <DirectorSearchView
        params={new URLSearchParams()}
        loaded={{ state: 'idle', filters: EMPTY_FILTERS }}
      />
      <div className="container">
        <ServiceArticleLinks servicePath="dirigeants" />
      </div>
    </>
  );
}
