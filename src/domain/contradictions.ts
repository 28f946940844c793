/**
 * Rules under which two official sources contradict each other about one company (issue 28),
 * computed after each import (src/ingest/contradictions.ts) and shown on the company page.
 */
export const CONTRADICTION_RULES = [
  'ceased-not-struck-off',
  'struck-off-still-active',
  'future-closure-date',
  'roles-differ',
  'head-office-differs',
  'capital-differs',
] as const;
export type ContradictionRule = (typeof CONTRADICTION_RULES)[number];

/** The French title and explanation of each rule. */
export const CONTRADICTION_LABELS: Record<
  ContradictionRule,
  { title: string; explanation: string }
> = {
  'ceased-not-struck-off': {
    title: 'Cessée au répertoire Sirene, sans radiation publiée au BODACC',
    explanation:
      'L’INSEE enregistre la cessation de l’entreprise, mais aucune annonce de radiation du registre du commerce n’a été publiée au BODACC pour elle.',
  },
  'struck-off-still-active': {
    title: 'Radiée selon le BODACC, active au répertoire Sirene',
    explanation:
      'Une annonce de radiation a été publiée au BODACC, mais l’INSEE enregistre toujours l’entreprise comme active.',
  },
  'future-closure-date': {
    title: 'Date de cessation ou de fermeture dans le futur',
    explanation:
      'Une source indique une date de cessation, de radiation ou de fermeture postérieure à aujourd’hui.',
  },
  'roles-differ': {
    title: 'Dirigeants différents entre le BODACC et le RNE',
    explanation:
      'Les dirigeants et leurs qualités publiés au BODACC ne sont pas ceux que le Registre national des entreprises (RNE) enregistre.',
  },
  'head-office-differs': {
    title: 'Siège social différent entre Sirene et le RNE',
    explanation:
      'L’établissement siège enregistré par l’INSEE n’est pas celui que le Registre national des entreprises (RNE) indique.',
  },
  'capital-differs': {
    title: 'Capital différent entre le RNE et la dernière annonce du BODACC',
    explanation:
      'Le capital social enregistré au Registre national des entreprises (RNE) n’est pas celui de la dernière annonce du BODACC qui le mentionne.',
  },
};
