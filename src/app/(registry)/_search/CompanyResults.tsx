import { getReadDb } from '@/db';
import { services } from '@/domain/catalogue';
import { companyOrder } from '@/documents';
import { orderOffer } from '@/documents/sale';
import { loadCompanyResults, toSearchParams, type PageParams } from '@/search/pages';
import { CompanySearchView } from '@/ui/search/CompanySearchView';
import { serviceOf, type ServicePath } from '@/ui/search/servicePages';
import { t } from '@/i18n';
import { frameMetadataWithQuery } from '@/ui/frame/metadata';

/** Title of the general results pages (/resultats, /rechercher), for the page and its metadata. */
export function generalResultsTitle(q: string | null | undefined): string {
  const query = q?.trim();
  if (!query) return t('search', 'results.title');
  return t('search', 'results.titleFor', {
    query: query.length > 60 ? `${query.slice(0, 60)}…` : query,
  });
}

/**
 * The general results page at `basePath` (/resultats, and /rechercher: both paths exist in the
 * spec, the form stays on the path it was sent from): its metadata and the page.
 */
export function generalResultsRoute(basePath: '/resultats' | '/rechercher') {
  return {
    generateMetadata: frameMetadataWithQuery(basePath, (query) => ({
      title: generalResultsTitle(toSearchParams(query).get('q')),
    })),
    Page: async function Page({ searchParams }: { searchParams: Promise<PageParams> }) {
      return <CompanyResults searchParams={await searchParams} basePath={basePath} />;
    },
  };
}

/** The listed companies the kind cannot be ordered for, with the order route's own reason. */
async function unavailableOf(
  kind: string,
  results: Array<{ siren: string }>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const answers = await Promise.all(results.map((r) => companyOrder(getReadDb(), kind, r.siren)));
  answers.forEach((a, i) => {
    if (a && !a.orderable) out[results[i]!.siren] = a.reason;
  });
  return out;
}

/**
 * A company results page: loads the results for the query string and renders them with their
 * pagination under `basePath`. Used by the general results pages and by every service group's
 * {path}/resultats.
 */
export async function CompanyResults({
  searchParams,
  basePath,
  service,
}: {
  searchParams: PageParams;
  basePath: string;
  /** A service group's path: its results invite the visitor to choose the company. */
  service?: ServicePath;
}) {
  const params = toSearchParams(searchParams);
  // Filters alone are a search on every results page (the panel is on all of them).
  const loaded = await loadCompanyResults(getReadDb(), params, { allowFiltersOnly: true });
  const title = service
    ? t('search', 'service.chooseCompany', { service: serviceOf(service).title })
    : generalResultsTitle(params.get('q'));
  // A service whose document is sold here offers it for the listed companies: each button only
  // where the order route's rule (`companyOrder`) accepts the order (never a price then a refusal).
  const offer = orderOffer(
    service ? services.find((x) => x.link === service)?.orderKind : undefined,
  );
  const order =
    offer && loaded.state === 'ok'
      ? { ...offer, unavailable: await unavailableOf(offer.kind, loaded.data.results) }
      : offer;
  return (
    <CompanySearchView
      title={title}
      basePath={basePath}
      params={params}
      loaded={loaded}
      order={order}
    />
  );
}
