import type { DirectorSearchPage } from '@/search/directors';
import type { SearchPageState } from '@/search/pages';
import { InvalidSearch, NoDirectorFound, SearchUnavailable } from './EmptyState';
import { Pagination } from './Pagination';
import { ResultsShell } from './ResultsShell';
import { countLabel, DirectorResults } from './ResultsList';
import { SearchCombobox } from './SearchCombobox';
import s from './search.module.css';

/** The director results page, in the same frame as the company results (ResultsShell). */
export function DirectorSearchView({
  params,
  loaded,
}: {
  params: URLSearchParams;
  loaded: SearchPageState<DirectorSearchPage>;
}) {
  const name = params.get('name') ?? params.get('q') ?? '';
  const d = loaded.state === 'ok' ? loaded.data : null;
  return (
    <ResultsShell
      title={name.trim() ? `Dirigeants : « ${name.trim()} »` : 'Rechercher un dirigeant'}
      lead="Nom et prénom dans l’ordre de votre choix, éventuellement l’année de naissance (ex. « Dupont Marie 1970 »). Les homonymes nés à des dates différentes sont présentés séparément."
      searchBox={
        <SearchCombobox
          action="/dirigeants/resultats"
          paramName="name"
          label="Nom et prénom du dirigeant"
          placeholder="Nom, prénom, année de naissance…"
          defaultValue={name}
        />
      }
      links={[
        { href: '/resultats', label: 'Rechercher une entreprise' },
        { href: '/recherches-avancees', label: 'Recherche avancée' },
      ]}
      summary={
        d && d.total > 0 ? (
          <p className={s.summary} role="status">
            {countLabel(d.total, false, ['personne trouvée', 'personnes trouvées'])}
            {d.totalPages > 1 ? ` · page ${d.page} sur ${d.totalPages}` : ''}
          </p>
        ) : null
      }
    >
      {loaded.state === 'unavailable' && <SearchUnavailable />}
      {loaded.state === 'invalid' && <InvalidSearch message={loaded.message} />}
      {d &&
        (d.total === 0 ? (
          <NoDirectorFound query={name} />
        ) : (
          <>
            <DirectorResults results={d.results} />
            <Pagination
              basePath="/dirigeants/resultats"
              params={params}
              page={d.page}
              totalPages={d.totalPages}
            />
            <p className={s.source}>
              Sources : Registre national des entreprises (INPI), BODACC. Dates de naissance
              limitées au mois et à l’année.
            </p>
          </>
        ))}
    </ResultsShell>
  );
}
