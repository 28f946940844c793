import Link from 'next/link';
import type { CompanySearchPage } from '@/search/companies';
import type { SearchPageState } from '@/search/pages';
import { ServiceOrderOffer } from '@/ui/orders/ServiceOrderOffer';
import { NoCompanyFound, InvalidSearch, SearchUnavailable } from './EmptyState';
import { FiltersForm } from './FiltersForm';
import { Pagination } from './Pagination';
import { CompanyResults, countLabel, type ResultOrder } from './ResultsList';
import { SearchActions } from './SearchActions';
import { SearchCombobox } from './SearchCombobox';
import { filterOptions } from './filterOptions';
import s from './search.module.css';

/**
 * A company results page: title, search box, optional filters, the ranked list and pagination.
 * Shared by /resultats, /rechercher, the advanced search and every service's /resultats.
 */
export function CompanySearchView({
  title,
  lead,
  basePath,
  params,
  loaded,
  withFilters = false,
  order,
}: {
  title: string;
  lead?: string;
  basePath: string;
  params: URLSearchParams;
  loaded: SearchPageState<CompanySearchPage>;
  withFilters?: boolean;
  /** A service group's document: an order offer for the first company and a button per result. */
  order?: ResultOrder & { label: string };
}) {
  const q = params.get('q') ?? '';
  const kept = [...params.entries()].filter(([k]) => k !== 'q' && k !== 'page');
  return (
    <div className={`container ${s.page}`}>
      <header className={s.head}>
        <h1 className={s.title}>{title}</h1>
        {lead && <p className={s.lead}>{lead}</p>}
        <SearchCombobox
          action={basePath}
          label="Nom, SIREN, SIRET ou numéro de TVA"
          placeholder="Nom, SIREN, SIRET, n° de TVA…"
          defaultValue={q}
          hidden={withFilters ? kept : []}
          suggest={!withFilters}
        />
        <p className={s.tabs}>
          <Link href="/recherches-avancees">Recherche avancée</Link>
          <Link href="/dirigeants">Rechercher un dirigeant</Link>
        </p>
      </header>
      <div className={`${s.layout} ${withFilters ? s.withFilters : ''}`}>
        {withFilters && (
          <FiltersForm
            basePath={basePath}
            query={q}
            initial={loaded.filters}
            options={filterOptions()}
          />
        )}
        <section aria-label="Résultats">
          <Body loaded={loaded} basePath={basePath} params={params} q={q} order={order} />
        </section>
      </div>
    </div>
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
        Saisissez un nom, un SIREN, un SIRET ou un numéro de TVA (2 caractères au moins).
      </p>
    );
  }
  if (loaded.state === 'unavailable') return <SearchUnavailable />;
  if (loaded.state === 'invalid') return <InvalidSearch message={loaded.message} />;
  const d = loaded.data;
  const filtered = [...params.keys()].some((k) => k !== 'q' && k !== 'page');
  if (d.total === 0) return <NoCompanyFound query={q} filtered={filtered} />;
  const from = (d.page - 1) * d.perPage + 1;
  const to = from + d.results.length - 1;
  return (
    <>
      <p className={s.summary} role="status">
        {countLabel(d.total, d.totalIsLowerBound, ['entreprise trouvée', 'entreprises trouvées'])}
        {d.totalPages > 1 ? ` · résultats ${from} à ${to}, page ${d.page} sur ${d.totalPages}` : ''}
      </p>
      <SearchActions
        query={new URLSearchParams(
          [...params.entries()].filter(([k]) => k !== 'page' && k !== 'per_page'),
        ).toString()}
        defaultName={q || 'Ma recherche'}
      />
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
