import type { CompanySearchPage } from '@/search/companies';
import type { SearchPageState } from '@/search/pages';
import { ServiceOrderOffer } from '@/ui/orders/ServiceOrderOffer';
import { NoCompanyFound, InvalidSearch, SearchUnavailable } from './EmptyState';
import { FilterChips } from './FilterChips';
import { FilterPanel } from './FilterPanel';
import { FiltersSheet } from './FiltersSheet';
import { Pagination } from './Pagination';
import { ResultsActions } from './ResultsActions';
import { ResultsShell } from './ResultsShell';
import { CompanyResults, countLabel, type ResultOrder } from './ResultsList';
import { SearchActions } from './SearchActions';
import { SearchCombobox } from './SearchCombobox';
import { SortSelect } from './SortSelect';
import { redirect } from 'next/navigation';
import { describeFilter } from './filterLabels';
import { chipsOf, hrefOf, sortOf, withChanges, withoutNarrowing } from './resultsUrl';
import s from './search.module.css';

/**
 * A company results page: /resultats, /rechercher, the advanced search and its results, every
 * service group's /resultats. One tree: the search box, the filter panel (a sheet on a phone),
 * the total, the sort, the chosen filters as chips, the actions area, the list and its pages.
 * All of it is read from the URL (`params`) and every change is a new URL.
 */
export function CompanySearchView({
  title,
  lead,
  basePath,
  params,
  loaded,
  order,
  restoreStoredFilters = false,
}: {
  title: string;
  lead?: string;
  /** Where the results of this page kind live (the form and the links lead there). */
  basePath: string;
  params: URLSearchParams;
  loaded: SearchPageState<CompanySearchPage>;
  /** A service group's document: an order offer for the first company and a button per result. */
  order?: ResultOrder & { label: string };
  /** The empty advanced search: goes on from the filters the visitor used last. */
  restoreStoredFilters?: boolean;
}) {
  const q = params.get('q') ?? '';
  const query = withChanges(params, {}).toString();
  const kept = [...withChanges(params, { q: null }).entries()];
  const chosen = chipsOf(basePath, params, () => '').length;
  const panel = (
    <FilterPanel
      basePath={basePath}
      query={query}
      restoreTo={restoreStoredFilters ? basePath : undefined}
      remember={basePath === '/recherches-avancees/resultats' && !restoreStoredFilters}
      counts={loaded.state === 'ok' ? (loaded.data.facets ?? null) : null}
    />
  );
  const d = loaded.state === 'ok' ? loaded.data : null;
  // A page past the last (an old link, a list that shrank) is the last page, not « résultats 61
  // à 60, page 4 sur 3 ».
  if (d && d.total > 0 && d.page > d.totalPages) {
    const last = new URLSearchParams(params);
    if (d.totalPages > 1) last.set('page', String(d.totalPages));
    else last.delete('page');
    redirect(hrefOf(basePath, last));
  }
  const from = d ? (d.page - 1) * d.perPage + 1 : 0;
  return (
    <ResultsShell
      title={title}
      lead={lead}
      searchBox={
        <SearchCombobox
          action={basePath}
          label="Nom, SIREN, SIRET ou numéro de TVA"
          placeholder="Nom, SIREN, SIRET, n° de TVA…"
          defaultValue={q}
          hidden={kept}
          suggest
          // Filters alone are a search: the name is optional on every results page.
          required={false}
        />
      }
      links={[
        { href: '/recherches-avancees', label: 'Recherche avancée' },
        { href: '/dirigeants', label: 'Rechercher un dirigeant' },
      ]}
      panel={panel}
      summary={
        d && d.total > 0 ? (
          <p className={s.summary} role="status">
            {countLabel(d.total, d.totalIsLowerBound, [
              'entreprise trouvée',
              'entreprises trouvées',
            ])}
            {d.totalPages > 1
              ? ` · résultats ${from} à ${from + d.results.length - 1}, page ${d.page} sur ${d.totalPages}`
              : ''}
          </p>
        ) : null
      }
      tools={
        <>
          <SortSelect basePath={basePath} query={query} value={sortOf(params)} />
          <FiltersSheet count={chosen}>{panel}</FiltersSheet>
        </>
      }
      chips={<FilterChips basePath={basePath} params={params} />}
      actions={
        <ResultsActions>
          {d && d.total > 0 ? (
            <SearchActions
              query={new URLSearchParams(
                [...params.entries()].filter(([k]) => k !== 'page' && k !== 'per_page'),
              ).toString()}
              defaultName={q || 'Ma recherche'}
            />
          ) : null}
        </ResultsActions>
      }
    >
      <Body loaded={loaded} basePath={basePath} params={params} q={q} order={order} />
    </ResultsShell>
  );
}

function Body({
  loaded,
  basePath,
  params,
  q,
  order,
}: {
  loaded: SearchPageState<CompanySearchPage>;
  basePath: string;
  params: URLSearchParams;
  q: string;
  order?: ResultOrder & { label: string };
}) {
  if (loaded.state === 'idle') {
    return (
      <p className={s.summary}>
        Saisissez un nom, un SIREN, un SIRET ou un numéro de TVA (2 caractères au moins), ou
        choisissez des filtres.
      </p>
    );
  }
  if (loaded.state === 'unavailable') return <SearchUnavailable />;
  if (loaded.state === 'invalid') return <InvalidSearch message={loaded.message} />;
  const d = loaded.data;
  if (d.total === 0)
    return (
      <NoCompanyFound
        query={q}
        filters={chipsOf(basePath, params, describeFilter)}
        removeAllHref={hrefOf(basePath, withoutNarrowing(params))}
        withoutFilters={loaded.withoutFilters}
        noContradictions={loaded.noContradictions}
      />
    );
  const from = (d.page - 1) * d.perPage + 1;
  return (
    <>
      {order && (
        <ServiceOrderOffer
          {...order}
          sirens={d.results.map((r) => r.siren)}
          companyName={d.results[0]?.name ?? null}
        />
      )}
      <CompanyResults results={d.results} start={from} order={order} />
      <Pagination basePath={basePath} params={params} page={d.page} totalPages={d.totalPages} />
      <p className={s.source}>
        Sources : INSEE Sirene, Registre national des entreprises (INPI), BODACC. Données ouvertes
        sous Licence Ouverte Etalab 2.0.
      </p>
    </>
  );
}
