import { entries, urlOf } from './index';
import { fold } from './search';

/**
 * Links from registry pages to the lexicon: each notion the company page shows is matched, by
 * title or alias (accents, case and hyphens ignored), to an entry of the lexicon or the
 * court-registry dictionary. A notion without an entry gets no link. Built once per process from
 * the compiled content; the same for every visitor, so company pages stay cacheable.
 */
const TERMS = {
  siren: ['numéro SIREN', 'SIREN'],
  siret: ['numéro SIRET', 'SIRET'],
  naf: ['code NAF', 'code APE', 'code NAF / APE', 'NAF', 'APE'],
  capital: ['capital social'],
  rcs: ['numéro RCS', 'RCS', 'registre du commerce et des sociétés'],
  kbis: ['extrait Kbis', 'Kbis', 'K-bis'],
  vat: ['numéro de TVA intracommunautaire', 'TVA intracommunautaire'],
  eori: ['numéro EORI', 'EORI'],
  legalForm: ['forme juridique'],
  insolvency: ['procédure collective', 'procédures collectives'],
  greffe: ['greffe du tribunal de commerce', 'greffe'],
  headcount: ['tranche d’effectif salarié', 'effectif salarié'],
  ess: ['économie sociale et solidaire', 'ESS'],
  missionCompany: ['société à mission'],
  bodacc: ['BODACC'],
  establishment: ['établissement'],
} as const;

export type LexiconTerm = keyof typeof TERMS;

const key = (s: string) => fold(s).replace(/[^a-z0-9]+/g, '');

let index: Map<string, string> | null = null;

function buildIndex(): Map<string, string> {
  const map = new Map<string, string>();
  // The dictionary first, so a lexicon entry of the same name wins.
  for (const collection of ['dictionnaire', 'lexique'] as const) {
    for (const e of entries(collection)) {
      for (const name of [e.title, ...e.aliases]) map.set(key(name), urlOf(collection, e));
    }
  }
  return map;
}

/** The lexicon page explaining a notion of the company page, or null when there is none. */
export function lexiconLink(term: LexiconTerm): string | null {
  try {
    index ??= buildIndex();
  } catch {
    // Content not compiled (a test rendering a company page alone): no links, never an error.
    return null;
  }
  for (const name of TERMS[term]) {
    const href = index.get(key(name));
    if (href) return href;
  }
  return null;
}
