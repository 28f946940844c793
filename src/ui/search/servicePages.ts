import type { Metadata } from 'next';
import { services, type Service } from '@/domain/catalogue';

/** The service groups of spec section 2 that have a search page and a /resultats page. */
export const SERVICE_SEARCH_PATHS = [
  '/extrait-kbis',
  '/numero-eori',
  '/numero-tva',
  '/situation-sirene',
  '/diagnostic-nota-pme',
  '/numero-siren-siret',
  '/comptes-annuels',
  '/liste-etablissements',
  '/annonces-bodacc',
  '/marques',
  '/brevets',
  '/actes-et-statuts',
  '/liste-procedures-collectives',
  '/extrait-ps',
  '/diagnostic-afdcc',
  '/cotation-banque-de-france',
  '/code-ape',
  '/numero-rcs',
  '/pole-score',
] as const;

export type ServicePath = (typeof SERVICE_SEARCH_PATHS)[number];

/** The catalogue entry of each service search page; a path without one fails at start-up. */
const SERVICE_BY_PATH = new Map(
  SERVICE_SEARCH_PATHS.map((path) => {
    const found = services.find((s) => s.link === path);
    if (!found) throw new Error(`Service search page ${path} has no catalogue entry`);
    return [path, found] as const;
  }),
);

export function serviceOf(path: ServicePath): Pick<Service, 'title' | 'description' | 'link'> {
  const { title, description } = SERVICE_BY_PATH.get(path)!;
  return { title, description, link: path };
}

export function serviceSearchMetadata(path: ServicePath): Metadata {
  const s = serviceOf(path);
  return {
    title: `${s.title} : rechercher une entreprise`,
    description:
      `${s.description} Recherchez l’entreprise par son nom, son SIREN ou son SIRET.`.trim(),
  };
}

export function serviceResultsMetadata(path: ServicePath): Metadata {
  return { title: `${serviceOf(path).title} : résultats de recherche` };
}
