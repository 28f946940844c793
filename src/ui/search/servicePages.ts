import type { Metadata } from 'next';
import { services, type Service } from '@/domain/catalogue';
import { t } from '@/i18n';

/**
 * Services whose page is a route of its own rather than the shared company search: the director
 * search (/dirigeants) and the company-creation guide.
 */
const OWN_PAGES: ReadonlySet<string> = new Set(['/dirigeants', '/creation-entreprise']);

/**
 * The service groups of spec section 2 that have a search page and a /resultats page: every
 * catalogue service but those above. They are served by one dynamic route,
 * `src/app/(registry)/[service]/`, so adding a service is one catalogue row.
 */
export const SERVICE_SEARCH_PATHS: readonly string[] = services
  .map((s) => s.link)
  .filter((link) => !OWN_PAGES.has(link));

/** A service group's path, such as '/extrait-kbis'. */
export type ServicePath = string;

const SERVICE_BY_PATH = new Map(
  services.filter((s) => SERVICE_SEARCH_PATHS.includes(s.link)).map((s) => [s.link, s] as const),
);

/** The service group of a route segment ('extrait-kbis'), or undefined for any other segment. */
export function servicePathOf(segment: string): ServicePath | undefined {
  const path = `/${segment}`;
  return SERVICE_BY_PATH.has(path) ? path : undefined;
}

export function serviceOf(
  path: ServicePath,
): Pick<Service, 'title' | 'description' | 'link' | 'orderKind'> {
  const found = SERVICE_BY_PATH.get(path);
  if (!found) throw new Error(`No service search page at ${path}`);
  const { title, description } = found;
  return { title, description, link: path, orderKind: found.orderKind };
}

export function serviceSearchMetadata(path: ServicePath): Metadata {
  const s = serviceOf(path);
  return {
    title: t('search', 'service.metaTitle', { service: s.title }),
    description: t('search', 'service.metaDescription', { description: s.description }).trim(),
  };
}

export function serviceResultsMetadata(path: ServicePath): Metadata {
  return { title: t('search', 'service.resultsMetaTitle', { service: serviceOf(path).title }) };
}
