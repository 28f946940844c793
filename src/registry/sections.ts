/**
 * The company page's sections, declared as data: what each is, where its data comes from, its
 * own page, and the rule saying when it shows. Pages render from this list in this order; a
 * section whose loader failed shows its empty state (never breaks the page).
 */
import type { SourceName } from '@/db/schema';
import type { CatalogueKind } from '@/domain/catalogue/document-details';
import type { CompanyDocument } from '@/domain/catalogue/documents';
import type { Result } from '@/lib/errors';
import type { CompanyPageData } from './page-data';
import { commitmentScore } from './commitment-score';

/** Why a company has no ecological and social score. */
export const NO_COMMITMENT =
  'Aucun label, aucune certification ni aucune déclaration publique à caractère écologique ou social (bilan GES, index Egapro, RGE, bio, ESS…) n’est connu de nos sources pour cette entreprise : nous ne calculons pas de score écologique et social plutôt que d’afficher un zéro qui passerait pour un jugement.';

/** Why there is no solvency score (pole-score): no published year holds enough ratios. */
export const NO_SOLVENCY_SCORE =
  'Aucun exercice publié de cette entreprise ne contient assez de ratios exploitables pour calculer notre note de solidité financière : nous ne l’inventons pas.';

export type SectionId =
  | 'identite'
  | 'labels'
  | 'etablissements'
  | 'dirigeants'
  | 'finances'
  | 'annonces'
  | 'procedures'
  | 'actes'
  | 'marques'
  | 'brevets'
  | 'conventions'
  | 'effectifs'
  | 'bourse'
  | 'scores'
  | 'documents'
  | 'similaires';

export type SectionDef = {
  id: SectionId;
  title: string;
  sources: SourceName[];
  /** The section's own page, when it has one. */
  page?: (siren: string) => string;
  /** When the section shows on the company page. */
  show: (d: CompanyPageData) => boolean;
  /** Why a hidden-by-rule section is absent (printed by the API and the per-company page). */
  absentReason?: string;
  /** The documents of this section's data: linked from the section to their order page when deliverable. */
  orderKinds?: CatalogueKind[];
};

const has = <T>(l: Result<T>, test: (d: T) => boolean) => (l.ok ? test(l.value) : true); // a failed source shows its empty state rather than vanishing

export const SECTIONS: SectionDef[] = [
  {
    id: 'identite',
    title: 'Informations juridiques',
    sources: ['sirene', 'rne'],
    show: () => true,
  },
  {
    id: 'labels',
    title: 'Labels et certifications',
    sources: ['recherche-entreprises'],
    show: (d) => d.labels.ok && d.labels.value.length > 0,
  },
  {
    id: 'etablissements',
    title: 'Siège et établissements',
    sources: ['sirene'],
    page: (s) => `/liste-etablissements/${s}`,
    show: () => true,
    orderKinds: ['establishments-list'],
  },
  {
    id: 'dirigeants',
    title: 'Dirigeants et représentants',
    sources: ['rne', 'recherche-entreprises', 'bodacc'],
    show: (d) => !d.profile.isNaturalPerson || has(d.representatives, (r) => r.length > 0),
    orderKinds: ['representative-synthesis', 'director-report'],
  },
  {
    id: 'finances',
    title: 'Comptes annuels et chiffres clés',
    sources: ['inpi-ratios', 'recherche-entreprises'],
    page: (s) => `/comptes-annuels/${s}`,
    show: (d) => !d.profile.isNaturalPerson || has(d.financials, (f) => f.length > 0),
    orderKinds: ['key-figures', 'financial-diagnostics'],
  },
  {
    id: 'annonces',
    title: 'Annonces BODACC',
    sources: ['bodacc'],
    page: (s) => `/annonces-bodacc/${s}`,
    show: () => true,
    orderKinds: ['commercial-advertisements-list', 'commercial-advertisements'],
  },
  {
    id: 'procedures',
    title: 'Procédures collectives',
    sources: ['bodacc'],
    show: () => true,
  },
  {
    id: 'actes',
    title: 'Actes et statuts',
    sources: ['rne'],
    page: (s) => `/actes-et-statuts/${s}`,
    show: (d) => !d.profile.isNaturalPerson,
  },
  {
    id: 'marques',
    title: 'Marques déposées',
    sources: ['inpi-marques'],
    page: (s) => `/marques/${s}`,
    show: (d) => has(d.brands, (b) => b.length > 0),
  },
  {
    id: 'brevets',
    title: 'Brevets',
    sources: [],
    page: (s) => `/brevets/${s}`,
    show: () => false,
    absentReason:
      'Les brevets de l’entreprise ne sont pas chargés dans nos données : ils se consultent gratuitement sur data.inpi.fr, dans la base des brevets de l’INPI.',
  },
  {
    id: 'conventions',
    title: 'Conventions collectives',
    sources: ['idcc', 'recherche-entreprises'],
    show: (d) => has(d.agreements, (a) => a.length > 0) || d.profile.employer === true,
  },
  {
    id: 'effectifs',
    title: 'Effectifs',
    sources: ['sirene'],
    show: (d) => !!d.profile.headcount.band,
  },
  {
    id: 'bourse',
    title: 'Cotation en bourse',
    sources: [],
    show: () => false,
    absentReason:
      'Les cotations en bourse ne sont pas chargées dans nos données : l’Autorité des marchés financiers (amf-france.org) publie la liste des sociétés cotées et leurs informations réglementées.',
  },
  {
    id: 'scores',
    title: 'Score écologique et social',
    sources: ['recherche-entreprises', 'sirene'],
    // Built from the labels and SIRENE's flags (src/registry/commitment-score.ts): shown when at
    // least one criterion is met, never as a zero that would read as a judgement.
    show: (d) => d.labels.ok && commitmentScore(d.profile, d.labels.value) !== null,
    absentReason: NO_COMMITMENT,
  },
  {
    id: 'documents',
    title: 'Documents',
    sources: [],
    // Always shown: the kinds the availability seam of src/documents says we can deliver for this
    // company, or, when there is none, why (its empty state).
    show: () => true,
  },
  {
    id: 'similaires',
    title: 'Entreprises similaires',
    sources: ['sirene'],
    // Optional and bounded in time: a failure hides it rather than showing an empty state.
    show: (d) => d.similar.ok && d.similar.value.length > 0,
  },
];

/** The deliverable documents a section links to (its `orderKinds`), in that order. */
export function sectionOrders(id: SectionId, d: CompanyPageData): CompanyDocument[] {
  const kinds = sectionById(id).orderKinds ?? [];
  if (!d.documents.ok) return [];
  const docs = d.documents.value;
  return kinds.flatMap((k) => docs.filter((doc) => doc.kind === k));
}

export function visibleSections(d: CompanyPageData): SectionDef[] {
  return SECTIONS.filter((s) => s.show(d));
}

export function sectionById(id: SectionId): SectionDef {
  return SECTIONS.find((s) => s.id === id)!;
}
