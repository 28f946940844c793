/**
 * « Signaler une erreur »: for each section of the company page, the fields a visitor can report
 * and which administration holds each one, with how to have it corrected there. Pure data, shared
 * by the form (client), the route's validation and the operators' tool. No dependency: the client
 * imports it.
 */

/** Who holds a piece of data, and therefore who corrects it. `site`: our own processing. */
export type DataHolder =
  'sirene' | 'rne' | 'bodacc' | 'accounts' | 'inpi_ip' | 'collective_agreement' | 'labels' | 'site';

export type HolderGuidance = {
  /** The administration, as a visitor knows it. */
  authority: string;
  /** What to do, in order. */
  steps: string[];
  links: Array<{ label: string; href: string }>;
};

const GUICHET_UNIQUE = {
  label: 'Guichet unique des formalités d’entreprises (INPI)',
  href: 'https://formalites.entreprises.gouv.fr',
};
const INFOGREFFE = {
  label: 'Infogreffe (greffes des tribunaux de commerce)',
  href: 'https://www.infogreffe.fr',
};

export const HOLDERS: Record<DataHolder, HolderGuidance> = {
  sirene: {
    authority: 'l’Insee (répertoire Sirene)',
    steps: [
      'Si l’information a changé (adresse, activité, dénomination, cessation…), c’est à l’entreprise de déclarer la modification par une formalité sur le guichet unique de l’INPI : l’Insee met ensuite le répertoire Sirene à jour.',
      'Si l’Insee a mal enregistré une formalité correctement déclarée, vérifiez d’abord l’avis de situation Sirene de l’entreprise, puis demandez la correction à l’Insee par le formulaire de contact de sirene.fr, avec l’avis de situation et la preuve de la déclaration.',
      'Un entrepreneur individuel qui veut que ses données ne soient plus diffusées change son statut de diffusion sur le service dédié de l’Insee.',
    ],
    links: [
      GUICHET_UNIQUE,
      { label: 'Avis de situation Sirene (Insee)', href: 'https://avis-situation-sirene.insee.fr' },
      {
        label: 'Contacter l’Insee (sirene.fr, rubrique « Contact »)',
        href: 'https://www.sirene.fr',
      },
      {
        label: 'Statut de diffusion Sirene (Insee)',
        href: 'https://statut-diffusion-sirene.insee.fr',
      },
    ],
  },
  rne: {
    authority:
      'le greffe du tribunal de commerce (registre du commerce et des sociétés) et l’INPI (Registre national des entreprises)',
    steps: [
      'Si l’information a changé (dirigeant, siège, capital, forme juridique…), l’entreprise dépose une formalité de modification sur le guichet unique de l’INPI ; le greffe l’inscrit au RCS et l’INPI au Registre national des entreprises.',
      'Si l’inscription elle-même est erronée alors que la formalité était juste, l’entreprise demande une rectification au greffe du tribunal de commerce de son siège (coordonnées sur infogreffe.fr), ou à l’INPI pour une inscription au seul RNE.',
    ],
    links: [
      GUICHET_UNIQUE,
      INFOGREFFE,
      { label: 'Données du RNE (data.inpi.fr)', href: 'https://data.inpi.fr' },
    ],
  },
  bodacc: {
    authority: 'la DILA (Bulletin officiel des annonces civiles et commerciales)',
    steps: [
      'La DILA publie au BODACC les avis que lui transmettent les greffes, tels qu’elle les reçoit : elle ne modifie pas une annonce d’elle-même.',
      'Une annonce erronée se corrige auprès du greffe du tribunal de commerce qui l’a transmise (nommé dans l’annonce) : il fait publier un avis rectificatif au BODACC.',
    ],
    links: [INFOGREFFE, { label: 'BODACC (DILA)', href: 'https://www.bodacc.fr' }],
  },
  accounts: {
    authority: 'le greffe du tribunal de commerce et l’INPI (comptes annuels)',
    steps: [
      'Les comptes annuels sont déposés par l’entreprise au greffe, par le guichet unique de l’INPI, puis diffusés par l’INPI.',
      'Des comptes faux ou incomplets se corrigent par un dépôt rectificatif de l’entreprise ; une erreur de saisie du greffe se signale au greffe du tribunal de commerce du siège.',
    ],
    links: [GUICHET_UNIQUE, INFOGREFFE],
  },
  inpi_ip: {
    authority: 'l’INPI (marques et brevets)',
    steps: [
      'Les marques et les brevets sont enregistrés par l’INPI : leur titulaire demande la rectification d’une erreur ou l’inscription d’un changement (nom, adresse, cession) par les procédures en ligne de l’INPI.',
    ],
    links: [{ label: 'Données de l’INPI (data.inpi.fr)', href: 'https://data.inpi.fr' }],
  },
  collective_agreement: {
    authority: 'l’employeur, par ses déclarations sociales nominatives (DSN)',
    steps: [
      'La convention collective affichée vient des déclarations sociales nominatives (DSN) que l’employeur envoie chaque mois, publiées par le ministère du Travail.',
      'Seul l’employeur la corrige : en déclarant le bon code IDCC dans ses prochaines DSN (net-entreprises.fr) ; la donnée publique suit aux mises à jour suivantes.',
    ],
    links: [{ label: 'net-entreprises.fr (DSN)', href: 'https://www.net-entreprises.fr' }],
  },
  labels: {
    authority: 'l’organisme qui a délivré le label ou la certification',
    steps: [
      'Chaque label est attribué et publié par son organisme : pour la mention RGE, l’organisme de qualification (Qualibat, Qualit’EnR, Qualifelec…), l’annuaire étant publié par France Rénov’ ; pour les autres labels, l’organisme nommé dans la section.',
      'Demandez la correction à cet organisme : notre site reprend sa liste à la mise à jour suivante.',
    ],
    links: [
      { label: 'France Rénov’ (annuaire RGE)', href: 'https://france-renov.gouv.fr' },
      { label: 'Qualibat', href: 'https://www.qualibat.com' },
    ],
  },
  site: {
    authority: 'notre site',
    steps: [
      'Cette information est calculée ou assemblée par notre site : notre équipe examine votre signalement et corrige l’erreur elle-même.',
    ],
    links: [],
  },
};

type FieldDef = { label: string; holder: DataHolder };

/** The sections of the company page a visitor can report, their title and reportable fields. */
export const REPORT_SECTIONS = {
  identite: {
    title: 'Informations juridiques',
    fields: {
      denomination: { label: 'Dénomination ou nom', holder: 'sirene' },
      adresse_siege: { label: 'Adresse du siège', holder: 'sirene' },
      activite: { label: 'Activité principale (code APE)', holder: 'sirene' },
      etat: { label: 'État (active ou cessée)', holder: 'sirene' },
      date_creation: { label: 'Date de création', holder: 'sirene' },
      forme_juridique: { label: 'Forme juridique', holder: 'rne' },
      capital: { label: 'Capital social', holder: 'rne' },
      immatriculation: { label: 'Immatriculation au RCS', holder: 'rne' },
      tva: { label: 'Numéro de TVA intracommunautaire', holder: 'site' },
    },
  },
  etablissements: {
    title: 'Établissements',
    fields: {
      adresse: { label: 'Adresse d’un établissement', holder: 'sirene' },
      etat: { label: 'État d’un établissement (ouvert ou fermé)', holder: 'sirene' },
      enseigne: { label: 'Enseigne', holder: 'sirene' },
      activite: { label: 'Activité d’un établissement', holder: 'sirene' },
    },
  },
  dirigeants: {
    title: 'Dirigeants',
    fields: {
      dirigeant_nom: { label: 'Nom d’un dirigeant', holder: 'rne' },
      dirigeant_qualite: { label: 'Qualité (fonction) d’un dirigeant', holder: 'rne' },
      dirigeant_manquant: { label: 'Dirigeant manquant', holder: 'rne' },
      dirigeant_parti: { label: 'Dirigeant qui n’est plus en fonction', holder: 'rne' },
    },
  },
  finances: {
    title: 'Finances',
    fields: {
      chiffres: { label: 'Chiffre d’affaires, résultat ou autre montant', holder: 'accounts' },
      cloture: { label: 'Date de clôture d’un exercice', holder: 'accounts' },
      comptes_manquants: { label: 'Comptes manquants', holder: 'accounts' },
      ratios: { label: 'Ratio ou graphique calculé par le site', holder: 'site' },
    },
  },
  annonces: {
    title: 'Annonces légales',
    fields: {
      annonce: { label: 'Contenu d’une annonce', holder: 'bodacc' },
      annonce_date: { label: 'Date d’une annonce', holder: 'bodacc' },
      annonce_etrangere: { label: 'Annonce d’une autre entreprise', holder: 'site' },
    },
  },
  procedures: {
    title: 'Procédures collectives',
    fields: {
      procedure: { label: 'Procédure collective', holder: 'bodacc' },
      procedure_close: { label: 'Procédure terminée encore affichée', holder: 'bodacc' },
    },
  },
  actes: {
    title: 'Actes et statuts',
    fields: {
      acte: { label: 'Acte ou statuts', holder: 'rne' },
      acte_manquant: { label: 'Acte manquant', holder: 'rne' },
    },
  },
  marques: {
    title: 'Marques',
    fields: {
      marque: { label: 'Marque', holder: 'inpi_ip' },
      titulaire: { label: 'Titulaire d’une marque', holder: 'inpi_ip' },
    },
  },
  brevets: {
    title: 'Brevets',
    fields: { brevet: { label: 'Brevet', holder: 'inpi_ip' } },
  },
  conventions: {
    title: 'Conventions collectives',
    fields: {
      convention: { label: 'Convention collective (IDCC)', holder: 'collective_agreement' },
    },
  },
  effectifs: {
    title: 'Effectifs',
    fields: { tranche: { label: 'Tranche d’effectif salarié', holder: 'sirene' } },
  },
  bourse: {
    title: 'Bourse',
    fields: { cotation: { label: 'Cotation ou code ISIN', holder: 'site' } },
  },
  labels: {
    title: 'Labels et certifications',
    fields: {
      label: { label: 'Label ou certification', holder: 'labels' },
      label_expire: { label: 'Label expiré encore affiché', holder: 'labels' },
    },
  },
  scores: {
    title: 'Scores',
    fields: { score: { label: 'Score calculé par le site', holder: 'site' } },
  },
  documents: {
    title: 'Documents',
    fields: { document: { label: 'Document proposé', holder: 'site' } },
  },
  similaires: {
    title: 'Entreprises similaires',
    fields: { similaire: { label: 'Entreprise proposée comme similaire', holder: 'site' } },
  },
} as const satisfies Record<string, { title: string; fields: Record<string, FieldDef> }>;

export type ReportSection = keyof typeof REPORT_SECTIONS;

/** Where the visitor thinks the error is: in our processing, or in the source registry. */
export const REPORT_ORIGINS = ['site', 'registry'] as const;
export type ReportOrigin = (typeof REPORT_ORIGINS)[number];

export const REPORT_MESSAGE_MAX = 2000;

export function isReportSection(value: unknown): value is ReportSection {
  return typeof value === 'string' && Object.hasOwn(REPORT_SECTIONS, value);
}

/** The field's definition in its section, or null when the section has no such field. */
export function reportField(section: ReportSection, field: string): FieldDef | null {
  const fields = REPORT_SECTIONS[section].fields as Record<string, FieldDef>;
  return Object.hasOwn(fields, field) ? fields[field]! : null;
}

/**
 * Whether our operators see the report: a field our site computes always goes to them; any
 * other goes to them when the visitor says the error is ours (the source holds it right).
 */
export function reachesOperators(holder: DataHolder, origin: ReportOrigin): boolean {
  return holder === 'site' || origin === 'site';
}

/** Operator decisions, and every state of a report. */
export const REPORT_DECISIONS = ['resolved', 'rejected'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];
/** `open`: waits for an operator; `redirected`: the visitor was sent to the source's holder. */
export const REPORT_STATES = ['open', 'redirected', ...REPORT_DECISIONS] as const;
export type ReportState = (typeof REPORT_STATES)[number];
