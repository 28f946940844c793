import type { SourceName } from '@/db/schema';
import { failure, success, type Result } from '@/lib/errors';
import { logFailure } from '@/lib/log';

export const UNAVAILABLE = 'Cette source est momentanément indisponible.';

/**
 * Runs a section's loader; a thrown error becomes a SOURCE_UNAVAILABLE failure, so that one
 * failing source never breaks a page.
 */
export async function attempt<T>(fn: () => Promise<T>): Promise<Result<T>> {
  try {
    return success(await fn());
  } catch (error) {
    logFailure('registry', error);
    return failure('SOURCE_UNAVAILABLE', UNAVAILABLE);
  }
}

/** Where a piece of data comes from and the source's own date (ISO), for "Source : …, mise à jour du …". */
export type SourceRef = { source: SourceName; label: string; date: string | null };

const SOURCE_LABELS: Record<SourceName, string> = {
  sirene: 'INSEE Sirene',
  bodacc: 'BODACC (DILA)',
  rne: 'Registre national des entreprises (INPI)',
  'inpi-ratios': 'INPI / BCE, ratios des comptes annuels',
  'inpi-marques': 'INPI, base des marques',
  idcc: 'Ministère du Travail, déclarations DSN (IDCC)',
  'recherche-entreprises': 'Annuaire des Entreprises (DINUM)',
  'ess-france': 'ESS France, liste des entreprises de l’ESS',
  'marche-inclusion': 'Le marché de l’inclusion',
  'agence-bio': 'Agence Bio, annuaire des opérateurs',
  rge: 'ADEME, entreprises RGE',
  egapro: 'Ministère du Travail, index Egapro',
  spectacle: 'Ministère de la Culture, entrepreneurs de spectacles vivants',
  'organisme-formation': 'DGEFP, liste publique des organismes de formation',
  uai: 'Ministères de l’Éducation et de l’Enseignement supérieur, annuaires des établissements',
  'alim-confiance': 'DGAL, Alim’confiance',
  administration: 'Annuaire des Entreprises, règles « administration »',
  finess: 'Ministère de la Santé, FINESS',
  colter: 'DGCL, collectivités territoriales',
  elus: 'Ministère de l’Intérieur, répertoire national des élus',
  'patrimoine-vivant': 'Entreprises du patrimoine vivant',
  'achats-responsables': 'Label Relations fournisseurs et achats responsables',
  'rne-annuaire': 'Registre national des entreprises (INPI), vu par l’Annuaire des Entreprises',
};

/** A source's name as the pages print it (an unknown one as it is). */
export function sourceLabel(source: string | null | undefined): string {
  return SOURCE_LABELS[source as SourceName] ?? source ?? '';
}

export function sourceRef(source: SourceName, date: string | null | undefined): SourceRef {
  return { source, label: SOURCE_LABELS[source] ?? source, date: date ? date.slice(0, 10) : null };
}

/** Placeholders the registries print in place of protected values: never shown as data. */
const PLACEHOLDERS = new Set(['[ND]', '[NON-DIFFUSIBLE]', 'NON-DIFFUSIBLE', '[NON DIFFUSIBLE]']);

export function clean(value: string | null | undefined): string | null {
  if (value == null) return null;
  const v = value.trim();
  if (!v || PLACEHOLDERS.has(v.toUpperCase())) return null;
  return v;
}
