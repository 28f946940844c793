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
import { documentKinds, type DocumentFormat } from './index';
import {
  documentDetails,
  extraDocumentKinds,
  providerNames,
  type CatalogueKind,
  type DocumentOffer,
  type ExtraDocumentKind,
  type Producer,
  type ProviderId,
} from './document-details';

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
  ...documentKinds.map((d) => ({ ...d, ...documentDetails[d.kind] })),
  ...extraDocumentKinds.map((kind) => ({ kind, ...extraRows[kind], ...documentDetails[kind] })),
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
