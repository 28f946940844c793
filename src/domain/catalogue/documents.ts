/**
 * What each document of the catalogue is, before payment: its contents, the sources and dates it
 * draws on, its formats, who produces it (we do, from our data, or an upstream provider) and its
 * price. The product pages and /nos-tarifs print these rows (`documentOffers`); the generators
 * (src/documents) print the same title on the file, so a buyer gets what the page described.
 *
 * A document only a third party can issue (Kbis, filed deeds and accounts, Banque de France
 * quotation…) is never imitated: either we fetch it from the issuer through its API, or the kind
 * is unavailable and says why.
 */
import { documentKinds, type DocumentFormat, type OrderKind, type ServiceType } from './index';

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

/** Where to get a document officially when we do not sell it: a sentence and its links. */
export type OfficialWay = { text: string; links: Array<{ label: string; href: string }> };

const INFOGREFFE = { label: 'infogreffe.fr', href: 'https://www.infogreffe.fr' };
const DATA_INPI = { label: 'data.inpi.fr', href: 'https://data.inpi.fr' };
const BDF = { label: 'banque-france.fr', href: 'https://www.banque-france.fr' };

/** Each issuer's own way, for the kinds whose issuer this deployment is not connected to. */
const officialWays: Record<ProviderId, OfficialWay> = {
  'inpi-rne': {
    text: 'Les actes, statuts et comptes annuels déposés sont tenus par l’INPI ; ils se consultent et se téléchargent gratuitement sur data.inpi.fr, le site public du Registre national des entreprises.',
    links: [DATA_INPI],
  },
  greffe: {
    text: 'Ce document se demande au greffe du tribunal de commerce, sur infogreffe.fr.',
    links: [INFOGREFFE],
  },
  'banque-de-france': {
    text: 'La Banque de France ne communique ce document qu’aux établissements habilités et à l’entreprise elle-même, qui le demande gratuitement à la Banque de France.',
    links: [BDF],
  },
  afdcc: {
    text: 'Le diagnostic AFDCC est réservé aux adhérents de l’AFDCC et à ses partenaires.',
    links: [{ label: 'afdcc.com', href: 'https://www.afdcc.com' }],
  },
  'inpi-brevets': {
    text: 'Les brevets se consultent gratuitement sur data.inpi.fr, dans la base des brevets de l’INPI.',
    links: [DATA_INPI],
  },
  legifrance: {
    text: 'Les accords d’entreprise sont publiés gratuitement sur Légifrance.',
    links: [{ label: 'legifrance.gouv.fr', href: 'https://www.legifrance.gouv.fr' }],
  },
};

const kindWays: Partial<Record<string, OfficialWay>> = {
  kbis: {
    text: 'L’extrait Kbis est délivré par les greffes des tribunaux de commerce, sur infogreffe.fr ; les dirigeants d’une société l’obtiennent gratuitement sur monidenum.fr avec leur identité numérique. L’extrait du Registre national des entreprises, lui, est gratuit sur data.inpi.fr, et notre extrait d’immatriculation d’après le RNE et Sirene (qui n’est pas un Kbis) se commande ici, sur la fiche de chaque entreprise.',
    links: [INFOGREFFE, { label: 'monidenum.fr', href: 'https://www.monidenum.fr' }, DATA_INPI],
  },
};

/** The official way to get a kind an issuer delivers (undefined for the kinds we produce). */
export function officialWay(kind: string): OfficialWay | undefined {
  const offer = documentOffer(kind);
  if (!offer || offer.producer.by !== 'provider') return undefined;
  return kindWays[kind] ?? officialWays[offer.producer.provider];
}

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

type Detail = Omit<DocumentOffer, 'kind' | 'label' | 'type' | 'priceCents' | 'formats' | 'hasBody'>;

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

const details: Record<CatalogueKind, Detail> = {
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

const extraRows: Record<
  ExtraDocumentKind,
  Pick<DocumentOffer, 'label' | 'type' | 'priceCents' | 'formats' | 'hasBody'>
> = {
  'director-report': {
    label: 'Rapport dirigeant',
    type: 'research',
    priceCents: 490,
    formats: ['pdf', 'xlsx', 'csv'],
    hasBody: false,
  },
  'key-figures': {
    label: 'Chiffres clés',
    type: 'finance',
    priceCents: 290,
    formats: ['pdf', 'xlsx', 'csv'],
    hasBody: false,
  },
  'custom-document': {
    label: 'Document personnalisé',
    type: 'legal',
    priceCents: 490,
    formats: ['docx', 'pdf'],
    hasBody: true,
  },
};

const offers: readonly DocumentOffer[] = [
  ...documentKinds.map((d) => ({ ...d, ...details[d.kind] })),
  ...extraDocumentKinds.map((kind) => ({ kind, ...extraRows[kind], ...details[kind] })),
];

/** Every document we sell, in catalogue order: for /nos-tarifs and the product pages. */
export function documentOffers(): readonly DocumentOffer[] {
  return offers;
}

/** One document's offer; undefined for an unknown kind. */
export function documentOffer(kind: string): DocumentOffer | undefined {
  return offers.find((o) => o.kind === kind);
}

/** A kind's name as orders, invoices and mails print it (the kind itself when unknown). */
export function kindLabel(kind: string): string {
  return documentOffer(kind)?.label ?? kind;
}

/** "PDF, Excel (XLSX), CSV" */
export function formatsLabel(formats: readonly DocumentFormat[]): string {
  const names: Record<DocumentFormat, string> = {
    pdf: 'PDF',
    docx: 'Word (DOCX)',
    xlsx: 'Excel (XLSX)',
    csv: 'CSV',
  };
  return formats.map((f) => names[f]).join(', ');
}

/** "Produit par nos soins" or "Fourni par l'INPI…": who issues the document. */
export function producerLabel(producer: Producer): string {
  return producer.by === 'self'
    ? 'Produit par nos soins à partir des données publiques'
    : `Délivré par ${providerNames[producer.provider]}`;
}

/**
 * A document we can deliver for one company, as its page lists it (the « Documents » section):
 * what the availability seam of src/documents says is deliverable, with its price, formats and
 * the page where it is ordered. The same for every visitor: nothing personal.
 */
export type CompanyDocument = {
  kind: CatalogueKind;
  label: string;
  priceCents: number;
  formats: readonly DocumentFormat[];
  /** The kind's order page for this company (`orderPagePath`). */
  href: string;
};

/** Where a kind is ordered for a company: its description, price, formats and order button(s). */
export function orderPagePath(siren: string, kind: string): string {
  return `/documents/entreprise/${siren}/${kind}`;
}
