/**
 * The ecological and social score (spec: « ecological score », `ecological-score-details`): ours,
 * built only from what a public source says the company holds or has published — labels and
 * certifications (company_labels, issue 16 part 8) and SIRENE's ESS and « société à mission »
 * flags. It measures public commitments, not environmental performance, and the method is printed
 * with it. A label that says nothing ecological or social (Qualiopi, training organisation,
 * FINESS, public service…) is not counted; neither is any criterion we do not hold, and a missing
 * one is never read as a failing (the company may not be subject to it, or the source may not know).
 */
import type { CompanyProfile } from './company';
import type { CompanyLabelView } from './company-labels';
import type { SourceRef } from './result';

type CriterionDef = {
  code: string;
  pillar: 'environnement' | 'social';
  label: string;
  points: number;
};

/** Each criterion and its weight; the weights add up to 100. */
export const COMMITMENT_CRITERIA: readonly CriterionDef[] = [
  {
    code: 'bilan-ges',
    pillar: 'environnement',
    label: 'Bilan des émissions de gaz à effet de serre publié',
    points: 20,
  },
  {
    code: 'rge',
    pillar: 'environnement',
    label: 'Qualification RGE pour la rénovation énergétique',
    points: 15,
  },
  {
    code: 'bio',
    pillar: 'environnement',
    label: 'Certification en agriculture biologique',
    points: 15,
  },
  {
    code: 'aide-ademe',
    pillar: 'environnement',
    label: 'Projet de transition écologique aidé par l’ADEME',
    points: 10,
  },
  {
    code: 'egapro',
    pillar: 'social',
    label: 'Index de l’égalité professionnelle femmes-hommes publié',
    points: 15,
  },
  {
    code: 'ess',
    pillar: 'social',
    label: 'Entreprise de l’économie sociale et solidaire',
    points: 10,
  },
  { code: 'mission', pillar: 'social', label: 'Société à mission', points: 5 },
  {
    code: 'siae',
    pillar: 'social',
    label: 'Structure d’insertion par l’activité économique',
    points: 5,
  },
  {
    code: 'achats-responsables',
    pillar: 'social',
    label: 'Label Relations fournisseurs et achats responsables',
    points: 5,
  },
];

export const COMMITMENT_METHOD =
  'Score calculé par nous à partir des seuls labels, certifications et déclarations publiques connus de nos sources : il mesure des engagements rendus publics, pas une performance environnementale ou sociale. Chaque critère rempli apporte ses points (total sur 100). Un critère non rempli ne signale pas un manquement : l’entreprise peut ne pas y être soumise, ou la source ne pas le connaître.';

export type CommitmentCriterion = CriterionDef & { met: boolean; source: SourceRef | null };

export type CommitmentScore = {
  /** Points of the criteria met, out of 100. */
  score: number;
  max: 100;
  criteria: CommitmentCriterion[];
  method: string;
};

/**
 * The score, or null when no criterion is met: a company we know nothing about gets no score
 * rather than a zero that would read as a judgement.
 */
export function commitmentScore(
  profile: Pick<CompanyProfile, 'ess' | 'missionCompany' | 'sources'>,
  labels: readonly CompanyLabelView[],
): CommitmentScore | null {
  const held = new Map(labels.map((l) => [l.code, l.source]));
  const flagSource = (field: string) => profile.sources.fields[field] ?? profile.sources.identity;
  const criteria = COMMITMENT_CRITERIA.map((c): CommitmentCriterion => {
    if (c.code === 'ess')
      return { ...c, met: profile.ess === true, source: profile.ess ? flagSource('ess') : null };
    if (c.code === 'mission')
      return {
        ...c,
        met: profile.missionCompany === true,
        source: profile.missionCompany ? flagSource('mission_company') : null,
      };
    const source = held.get(c.code) ?? null;
    return { ...c, met: !!source, source };
  });
  if (!criteria.some((c) => c.met)) return null;
  return {
    score: criteria.reduce((n, c) => n + (c.met ? c.points : 0), 0),
    max: 100,
    criteria,
    method: COMMITMENT_METHOD,
  };
}
