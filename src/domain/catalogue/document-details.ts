/**
 * The catalogue's table of contents, as data: for each document kind, the title printed on the
 * file, what it contains, the sources and dates it draws on, and who produces it (we do, or an
 * upstream issuer). documents.ts joins it to the kinds' prices and formats (./index) and holds the
 * logic that reads it.
 */
import type { DocumentFormat, OrderKind, ServiceType } from './index';

/** Documents that are not an order kind of spec section 7 but are generated and sold. */
export const extraDocumentKinds = ['director-report', 'key-figures', 'custom-document'] as const;
export type ExtraDocumentKind = (typeof extraDocumentKinds)[number];
export type CatalogueKind = OrderKind | ExtraDocumentKind;

/** Upstream issuers of the documents we cannot produce ourselves. */
export type ProviderId =
  'inpi-rne' | 'greffe' | 'banque-de-france' | 'afdcc' | 'inpi-brevets' | 'legifrance';

export const providerNames: Record<ProviderId, string> = {
  'inpi-rne': 'l’INPI (Registre national des entreprises)',
  greffe: 'les greffes des tribunaux de commerce (Infogreffe)',
  'banque-de-france': 'la Banque de France',
  afdcc: 'l’Association française des credit managers et conseils (AFDCC)',
  'inpi-brevets': 'l’INPI, base des brevets',
  legifrance: 'Légifrance (DILA), base des accords d’entreprise',
};

export type Producer = { by: 'self' } | { by: 'provider'; provider: ProviderId };

export type DocumentOffer = {
  kind: CatalogueKind;
  /** Name on the order, the invoice and the prices page. */
  label: string;
  /** Title printed on the file. */
  title: string;
  type: ServiceType;
  priceCents: number;
  formats: readonly DocumentFormat[];
  hasBody: boolean;
  /** What the document contains, one French sentence. */
  contents: string;
  /** The sources it draws on (French labels). */
  sources: string[];
  /** Which dates it carries. */
  dates: string;
  producer: Producer;
  /** Said on the product page and on the file when it is not the official document it recalls. */
  notOfficial?: string;
};

export type Detail = Omit<
  DocumentOffer,
  'kind' | 'label' | 'type' | 'priceCents' | 'formats' | 'hasBody'
>;

const SIRENE = 'Répertoire Sirene de l’Insee';
const RNE = 'Registre national des entreprises (INPI)';
const BODACC = 'BODACC (DILA)';
const RATIOS = 'Ratios des comptes annuels déposés (INPI / BCE)';
const MARQUES = 'Base des marques de l’INPI';
const IDCC = 'Déclarations sociales nominatives (ministère du Travail)';
const VIES = 'VIES (Commission européenne), quand le service répond';
const SELF: Producer = { by: 'self' };
const provider = (p: ProviderId): Producer => ({ by: 'provider', provider: p });
const UPDATE = 'La date de mise à jour de chaque source, la date de génération du document.';

/** What each kind contains, draws on and dates, and who produces it; its row is in ./index. */
export const documentDetails: Record<CatalogueKind, Detail> = {
  kbis: {
    title: 'Extrait Kbis',
    contents:
      'L’extrait d’immatriculation officiel au registre du commerce et des sociétés, délivré et signé par le greffe.',
    sources: ['Greffe du tribunal de commerce'],
    dates: 'La date de délivrance par le greffe.',
    producer: provider('greffe'),
  },
  'rne-extracts': {
    title:
      'Extrait d’immatriculation d’après le RNE et Sirene — ce document n’est pas un extrait Kbis',
    contents:
      'L’identité, le siège, l’activité, le capital, l’immatriculation et les dirigeants de l’entreprise, tels que publiés par le RNE et Sirene.',
    sources: [SIRENE, RNE],
    dates: UPDATE,
    producer: SELF,
    notOfficial:
      'Établi par nos soins à partir des données publiques du RNE et de Sirene, ce document n’est pas un extrait Kbis : seul le greffe du tribunal de commerce délivre le Kbis.',
  },
  'vat-numbers': {
    title: 'Attestation de numéro de TVA intracommunautaire',
    contents:
      'Le numéro de TVA intracommunautaire calculé à partir du SIREN (clé de contrôle expliquée) et le résultat de sa vérification auprès du service VIES de la Commission européenne.',
    sources: [SIRENE, VIES],
    dates: 'La date de la vérification VIES, la date de mise à jour Sirene.',
    producer: SELF,
    notOfficial:
      'Document d’information établi par nos soins ; seule l’administration fiscale attribue le numéro de TVA.',
  },
  'eori-numbers': {
    title: 'Attestation de numéro EORI',
    contents:
      'Le numéro EORI usuel de l’entreprise (FR suivi du SIRET du siège) et les informations du siège.',
    sources: [SIRENE],
    dates: UPDATE,
    producer: SELF,
    notOfficial:
      'Le numéro EORI est attribué par la douane à la demande de l’entreprise : ce document indique sa forme usuelle, il ne prouve pas son attribution.',
  },
  'sirene-situations': {
    title: 'Relevé de situation au répertoire Sirene',
    contents:
      'L’inscription de l’entreprise et de son siège au répertoire Sirene : identifiants, état administratif, activité principale, catégorie et effectifs.',
    sources: [SIRENE],
    dates: UPDATE,
    producer: SELF,
    notOfficial:
      'Relevé établi par nos soins à partir des données Sirene diffusées par l’Insee ; ce n’est pas l’avis de situation délivré gratuitement par l’Insee.',
  },
  'ape-codes': {
    title: 'Attestation de code APE',
    contents:
      'Le code APE (NAF rév. 2) de l’entreprise et de son siège, avec son libellé et sa section.',
    sources: [SIRENE],
    dates: UPDATE,
    producer: SELF,
  },
  'rcs-numbers': {
    title: 'Attestation de numéro RCS',
    contents:
      'Le numéro d’immatriculation au registre du commerce et des sociétés, le greffe compétent et la forme juridique.',
    sources: [SIRENE, RNE],
    dates: UPDATE,
    producer: SELF,
  },
  'company-summary': {
    title: 'Fiche synthétique de l’entreprise',
    contents:
      'Identité, siège, activité, dirigeants, chiffres clés des derniers comptes publiés, annonces et procédures.',
    sources: [SIRENE, RNE, BODACC, RATIOS],
    dates: UPDATE,
    producer: SELF,
  },
  'modification-history': {
    title: 'Historique des modifications',
    contents:
      'Les créations, modifications, cessions, dépôts des comptes et radiations publiés au BODACC, du plus récent au plus ancien.',
    sources: [BODACC, SIRENE],
    dates: 'La date de publication de chaque annonce.',
    producer: SELF,
  },
  'establishments-list': {
    title: 'Liste des établissements',
    contents:
      'Le siège et tous les établissements, ouverts ou fermés : SIRET, adresse, activité, effectif, dates de création et de fermeture.',
    sources: [SIRENE],
    dates: UPDATE,
    producer: SELF,
  },
  'social-information-list': {
    title: 'Informations sociales',
    contents:
      'Tranche d’effectif de l’entreprise et de chaque établissement, qualité d’employeur, conventions collectives déclarées.',
    sources: [SIRENE, IDCC],
    dates: UPDATE,
    producer: SELF,
  },
  'balance-sheets': {
    title: 'Comptes annuels déposés',
    contents:
      'Les comptes annuels tels que déposés au greffe, en PDF, fournis par l’INPI pour l’exercice choisi.',
    sources: [RNE],
    dates: 'La date de clôture et la date de dépôt.',
    producer: provider('inpi-rne'),
  },
  acts: {
    title: 'Acte déposé',
    contents: 'L’acte ou les statuts déposés, en PDF, fournis par l’INPI.',
    sources: [RNE],
    dates: 'La date de dépôt de l’acte.',
    producer: provider('inpi-rne'),
  },
  'financial-diagnostics': {
    title: 'Diagnostic financier',
    contents:
      'Analyse de la rentabilité, de la structure financière et de la liquidité à partir des ratios des comptes publiés, avec la méthode et les seuils utilisés.',
    sources: [RATIOS],
    dates: 'La date de clôture de chaque exercice analysé.',
    producer: SELF,
  },
  'solvency-scores': {
    title: 'Score de solvabilité',
    contents:
      'Une note de 0 à 100 calculée à partir des ratios du dernier exercice publié (autonomie financière, liquidité, capacité de remboursement, rentabilité), la méthode expliquée.',
    sources: [RATIOS, BODACC],
    dates: 'La date de clôture de l’exercice noté.',
    producer: SELF,
    notOfficial:
      'Note calculée par nos soins selon la méthode décrite dans le document ; ce n’est ni une cotation de la Banque de France ni un avis de crédit.',
  },
  'pole-score-grades': {
    title: 'Note de solidité financière',
    contents:
      'La note de solidité financière (A à E) issue de notre score de solvabilité, la méthode expliquée.',
    sources: [RATIOS, BODACC],
    dates: 'La date de clôture de l’exercice noté.',
    producer: SELF,
    notOfficial:
      'Note calculée par nos soins selon la méthode décrite dans le document ; ce n’est ni une cotation de la Banque de France ni un avis de crédit.',
  },
  'afdcc-diagnostics': {
    title: 'Diagnostic AFDCC',
    contents: 'Le score de défaillance établi selon la méthode de l’AFDCC.',
    sources: ['AFDCC'],
    dates: 'La date du diagnostic.',
    producer: provider('afdcc'),
  },
  'bank-of-france-quotations': {
    title: 'Cotation Banque de France',
    contents: 'La cotation de crédit attribuée par la Banque de France.',
    sources: ['Banque de France (FIBEN)'],
    dates: 'La date de la cotation.',
    producer: provider('banque-de-france'),
  },
  'financial-outstandings': {
    title: 'Encours financiers',
    contents: 'Les encours de crédit déclarés à la Banque de France.',
    sources: ['Banque de France (Service central des risques)'],
    dates: 'La date de déclaration.',
    producer: provider('banque-de-france'),
  },
  'partial-dept-status': {
    title: 'État d’endettement',
    contents:
      'Les inscriptions de privilèges et de nantissements tenues au greffe, délivrées par le greffe.',
    sources: ['Greffe du tribunal de commerce'],
    dates: 'La date de délivrance.',
    producer: provider('greffe'),
  },
  'ps-extracts': {
    title: 'Extrait des privilèges et sûretés',
    contents: 'Les privilèges et sûretés inscrits, délivrés par le greffe.',
    sources: ['Greffe du tribunal de commerce'],
    dates: 'La date de délivrance.',
    producer: provider('greffe'),
  },
  'ps-synthesis': {
    title: 'Synthèse des privilèges et sûretés',
    contents: 'La synthèse des inscriptions de privilèges et sûretés, délivrée par le greffe.',
    sources: ['Greffe du tribunal de commerce'],
    dates: 'La date de délivrance.',
    producer: provider('greffe'),
  },
  'acts-list': {
    title: 'Liste des actes et dépôts publiés',
    contents:
      'Les dépôts d’actes et de comptes annuels de l’entreprise annoncés au BODACC, avec leur date de publication et leur nature.',
    sources: [BODACC],
    dates: 'La date de publication de chaque annonce.',
    producer: SELF,
  },
  'commercial-advertisements-list': {
    title: 'Liste des annonces BODACC',
    contents:
      'Toutes les annonces publiées au BODACC pour l’entreprise : nature, date, numéro de parution, tribunal.',
    sources: [BODACC],
    dates: 'La date de publication de chaque annonce.',
    producer: SELF,
  },
  'commercial-advertisements': {
    title: 'Annonce BODACC',
    contents: 'Le texte d’une annonce publiée au BODACC, avec ses références de parution.',
    sources: [BODACC],
    dates: 'La date de publication.',
    producer: SELF,
  },
  'insolvency-proceeding-list': {
    title: 'Liste des procédures collectives',
    contents:
      'Les jugements de sauvegarde, redressement ou liquidation judiciaire publiés au BODACC, et la situation qui en résulte.',
    sources: [BODACC],
    dates: 'La date de chaque jugement.',
    producer: SELF,
  },
  'representative-synthesis': {
    title: 'Synthèse des dirigeants',
    contents:
      'Les dirigeants et représentants en fonction et passés : qualité, dates, mois et année de naissance.',
    sources: [RNE, 'Annuaire des Entreprises (DINUM)'],
    dates: UPDATE,
    producer: SELF,
  },
  'collective-agreements': {
    title: 'Conventions collectives applicables',
    contents:
      'Les conventions collectives (IDCC) que les établissements de l’entreprise déclarent appliquer.',
    sources: [IDCC],
    dates: 'Le mois de la dernière déclaration.',
    producer: SELF,
  },
  'company-agreements-list': {
    title: 'Liste des accords d’entreprise',
    contents: 'Les accords d’entreprise déposés et publiés sur Légifrance.',
    sources: ['Légifrance (DILA)'],
    dates: 'La date de chaque accord.',
    producer: provider('legifrance'),
  },
  'company-agreements': {
    title: 'Accord d’entreprise',
    contents: 'Le texte d’un accord d’entreprise publié sur Légifrance.',
    sources: ['Légifrance (DILA)'],
    dates: 'La date de l’accord.',
    producer: provider('legifrance'),
  },
  letters: {
    title: 'Modèle de courrier',
    contents:
      'Un courrier prêt à envoyer (relance, mise en demeure, demande de délais…) pré-rempli avec l’entreprise choisie.',
    sources: [SIRENE],
    dates: 'La date du modèle et la date de génération.',
    producer: SELF,
  },
  'brands-list': {
    title: 'Liste des marques déposées',
    contents:
      'Les marques déposées par l’entreprise : numéro, nom, statut, classes, dates de dépôt, d’enregistrement et d’expiration.',
    sources: [MARQUES],
    dates: 'La date de publication de chaque marque.',
    producer: SELF,
  },
  brands: {
    title: 'Fiche de marque',
    contents: 'Les informations publiées par l’INPI sur une marque déposée par l’entreprise.',
    sources: [MARQUES],
    dates: 'Les dates de dépôt, d’enregistrement et d’expiration.',
    producer: SELF,
  },
  'patents-list': {
    title: 'Liste des brevets',
    contents: 'Les brevets déposés ou détenus par l’entreprise.',
    sources: ['INPI, base des brevets'],
    dates: 'La date de dépôt de chaque brevet.',
    producer: provider('inpi-brevets'),
  },
  patents: {
    title: 'Fiche de brevet',
    contents: 'Les informations publiées sur un brevet.',
    sources: ['INPI, base des brevets'],
    dates: 'La date de dépôt.',
    producer: provider('inpi-brevets'),
  },
  'director-report': {
    title: 'Rapport dirigeant',
    contents:
      'Tous les mandats d’une personne dans les entreprises publiques du registre : entreprise, qualité, dates ; mois et année de naissance seulement.',
    sources: [RNE, 'Annuaire des Entreprises (DINUM)'],
    dates: UPDATE,
    producer: SELF,
  },
  'key-figures': {
    title: 'Chiffres clés',
    contents:
      'Chiffre d’affaires, résultat net, EBE et marges des exercices publiés, comptes sociaux et consolidés séparés.',
    sources: [RATIOS],
    dates: 'La date de clôture de chaque exercice.',
    producer: SELF,
  },
  'custom-document': {
    title: 'Document personnalisé',
    contents:
      'Un modèle de document juridique ou commercial (mise en demeure, procès-verbal, contrat…) rempli en quelques étapes.',
    sources: [SIRENE],
    dates: 'La date de mise à jour du modèle et la date de génération.',
    producer: SELF,
  },
};
