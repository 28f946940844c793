/** Custom documents (/documents, /documents-b2b): catalogue, multi-step form, order. */
export default {
  catalogueTitle: 'Modèles de documents pour les entreprises',
  catalogueIntro:
    'Courriers de recouvrement, actes de la vie de la société, contrats et attestations : remplissez le formulaire en quelques étapes, nous produisons le document en Word et en PDF, pré-rempli avec les informations publiques de l’entreprise choisie.',
  templateNotAdvice:
    'Ces modèles suivent le droit français en vigueur à leur date de mise à jour. Ce sont des modèles, pas des conseils juridiques.',
  updatedOn: 'Modèle à jour au {date}',
  open: 'Remplir ce modèle',
  seeGroup: 'Voir tous les modèles « {group} »',
  companyLegend: 'Entreprise concernée',
  companyHelp:
    'Indiquez le SIREN de l’entreprise pour pré-remplir le document avec ses informations publiques.',
  sirenLabel: 'Numéro SIREN',
  prefill: 'Pré-remplir',
  prefilledFor: 'Pré-rempli avec les informations de {name} (SIREN {siren}).',
  companyNotFound:
    'Aucune entreprise n’est enregistrée sous ce numéro : le formulaire n’est pas pré-rempli.',
  stepOf: 'Étape {n} sur {total}',
  previous: 'Étape précédente',
  next: 'Étape suivante',
  review: 'Vérifier et commander',
  reviewTitle: 'Vérifiez vos réponses',
  empty: 'Non renseigné',
  required: 'Ce champ est obligatoire.',
  tooLong: 'Ce champ ne peut pas dépasser {max} caractères.',
  order: 'Commander ce document ({price})',
  ordering: 'Commande en cours…',
  orderFailed: 'La commande n’a pas pu être passée : {message}',
  formats: 'Vous recevrez le document en Word (DOCX) et en PDF.',
  loadingTitle: 'Votre document est en préparation',
  loadingUnknown:
    'Cette adresse ne correspond à aucune commande. Vos commandes et leurs documents sont dans votre compte.',
  loadingLink: 'Voir mes commandes',
  b2bTitle: 'Documents et rapports sur les entreprises',
  b2bIntro:
    'Ce que contient chaque document, d’où viennent ses données, ses formats et son prix. Les documents que seul un organisme officiel délivre ne sont jamais imités : nous les obtenons de cet organisme ou nous indiquons qu’ils ne peuvent pas être commandés ici.',
  columns: {
    document: 'Document',
    contents: 'Contenu',
    sources: 'Sources et dates',
    formats: 'Formats',
    producer: 'Producteur',
    price: 'Prix TTC',
  },
  notSold: 'Non vendu sur ce site',
  customTemplates: 'Modèles de documents personnalisés',
  orderPage: {
    title: '{document} — {company}',
    company: '{name} (SIREN {siren})',
    back: 'Retour à la fiche de {name}',
    contents: 'Contenu',
    sources: 'Sources',
    dates: 'Dates',
    formats: 'Formats',
    producer: 'Producteur',
    price: 'Prix TTC',
    unavailable: 'Ce document ne peut pas être commandé pour cette entreprise.',
    choose: 'Choisissez ce que vous commandez :',
    noChoice:
      'Il n’y a rien à choisir pour cette entreprise : ce document ne peut pas être commandé ici.',
    orderOne: 'Commander ({price})',
    after:
      'Après la commande : le récapitulatif, le paiement, puis le document à télécharger sur la page de la commande.',
  },
} as const;
