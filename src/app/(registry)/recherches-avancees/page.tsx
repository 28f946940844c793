import type { Metadata } from 'next';
import { EMPTY_FILTERS } from '@/search/filter-params';
import { CompanySearchView } from '@/ui/search/CompanySearchView';
import { frameMetadata } from '@/ui/frame/metadata';

export const metadata: Metadata = frameMetadata('/recherches-avancees', {
  title: 'Recherche avancée d’entreprises',
  description:
    'Trouvez des entreprises par département, activité (NAF), forme juridique, effectif, date de création, capital, chiffre d’affaires ou résultat.',
});

/**
 * The advanced search before any search: the panel, each choice leading to
 * /recherches-avancees/resultats; a visitor who filtered before goes on from those filters
 * (kept in `filter-storage`).
 */
export default function AdvancedSearchPage() {
  return (
    <CompanySearchView
      title="Recherche avancée"
      lead="Combinez un nom (facultatif) et des filtres : département, activité, forme juridique, effectif, catégorie, état, date de création, capital, chiffre d’affaires, résultat net, lieu du siège."
      basePath="/recherches-avancees/resultats"
      params={new URLSearchParams()}
      loaded={{ state: 'idle', filters: EMPTY_FILTERS }}
      restoreStoredFilters
    />
  );
}
