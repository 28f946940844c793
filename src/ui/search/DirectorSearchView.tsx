import Link from 'next/link';
import type { DirectorSearchPage } from '@/search/directors';
import type { SearchPageState } from '@/search/pages';
import { InvalidSearch, NoDirectorFound, SearchUnavailable } from './EmptyState';
import { Pagination } from './Pagination';
import { countLabel, DirectorResults } from './ResultsList';
import { SearchCombobox } from './SearchCombobox';
import s from './search.module.css';

export function DirectorSearchView({
  params,
  loaded,
}: {
  params: URLSearchParams;
  loaded: SearchPageState<DirectorSearchPage>;
}) {
  const name = params.get('name') ?? params.get('q') ?? '';
  return (
    <div className={`container ${s.page}`}>
      <header className={s.head}>
        <h1 className={s.title}>
          {name.trim() ? `Dirigeants : « ${name.trim()} »` : 'Rechercher un dirigeant'}
        </h1>
        <p className={s.lead}>
          Nom et prénom dans l’ordre de votre choix, éventuellement l’année de naissance (ex. «
          Dupont Marie 1970 »). Les homonymes nés à des dates différentes sont présentés séparément.
        </p>
        <SearchCombobox
          action="/dirigeants/resultats"
          paramName="name"
          label="Nom et prénom du dirigeant"
          placeholder="Nom, prénom, année de naissance…"
          defaultValue={name}
        />
        <p className={s.tabs}>
          <Link href="/resultats">Rechercher une entreprise</Link>
          <Link href="/recherches-avancees">Recherche avancée</Link>
        </p>
      </header>
      <section aria-label="Résultats">
        {loaded.state === 'idle' && null}
        {loaded.state === 'unavailable' && <SearchUnavailable />}
        {loaded.state === 'invalid' && <InvalidSearch message={loaded.message} />}
        {loaded.state === 'ok' &&
          (loaded.data.total === 0 ? (
            <NoDirectorFound query={name} />
          ) : (
            <>
              <p className={s.summary} role="status">
                {countLabel(loaded.data.total, false, ['personne trouvée', 'personnes trouvées'])}
                {loaded.data.totalPages > 1
                  ? ` · page ${loaded.data.page} sur ${loaded.data.totalPages}`
                  : ''}
              </p>
              <DirectorResults results={loaded.data.results} />
              <Pagination
                basePath="/dirigeants/resultats"
                params={params}
                page={loaded.data.page}
                totalPages={loaded.data.totalPages}
              />
              <p className={s.source}>
                Sources : Registre national des entreprises (INPI), BODACC. Dates de naissance
                limitées au mois et à l’année.
              </p>
            </>
          ))}
      </section>
    </div>
  );
}
