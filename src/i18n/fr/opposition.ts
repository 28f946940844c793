/** The opposition form, its confirmation page and the service’s answers. */
export default {
  title: 'Demande d’opposition',
  metaTitle: 'Demande d’opposition : masquer vos données',
  metaDescription:
    'Demandez que votre nom, votre adresse ou vos mandats de dirigeant ne soient plus affichés sur le site. La demande est appliquée après confirmation par courriel.',
  intro:
    'Vous pouvez demander que vos données personnelles ne soient plus affichées : le nom et l’adresse d’un entrepreneur individuel, ou les mandats d’un dirigeant. Vous recevrez un courriel : la demande n’est appliquée qu’après votre confirmation par le lien qu’il contient.',
  legalPersons:
    'Les données d’une société, d’une association ou de toute autre personne morale publiées par les registres officiels ne sont pas masquées sur demande : le droit d’opposition appartient aux personnes physiques. Si ces données sont inexactes, demandez leur correction.',
  correctionLink: 'Demander une correction',
  sent: 'Votre demande est enregistrée. Pour la confirmer, ouvrez le lien que nous venons de vous envoyer par courriel (valable 48 heures). Rien n’est masqué avant cette confirmation.',
  legend: 'Données concernées',
  kindPerson: 'Mes mandats de dirigeant',
  kindCompany: 'Mon entreprise individuelle (nom et adresse)',
  siren: 'Numéro SIREN de l’entreprise',
  email: 'Adresse électronique (obligatoire)',
  reason: 'Motif (facultatif)',
  honeypot: 'Ne pas remplir',
  submit: 'Envoyer la demande',
  note: 'Les données des registres officiels (INSEE, RNE, BODACC) restent publiques à la source ; nous cessons de les afficher ici. Pour les entreprises individuelles, vous pouvez aussi demander la diffusion partielle à l’INSEE.',
  fields: {
    kind: 'Choisissez les données concernées.',
    email: 'Adresse électronique invalide.',
    siren: 'Le numéro SIREN doit comporter 9 chiffres.',
    sirenMissing: 'Indiquez le numéro SIREN concerné.',
    unknownCompany: 'Aucune entreprise ne porte ce numéro SIREN dans nos données.',
    identity:
      'Indiquez vos nom, prénom et mois de naissance, ou faites la demande depuis votre fiche de dirigeant.',
    birthMonth: 'Mois de naissance invalide.',
    refused: 'Demande refusée.',
    tooLong: 'Un des champs est trop long.',
  },
  notAllowed:
    'Cette entreprise est une personne morale : ses données publiées par les registres officiels ne sont pas masquées sur demande. Si elles sont inexactes, demandez leur correction.',
  unavailable: 'Service momentanément indisponible : réessayez dans quelques minutes.',
  mail: {
    subject: 'Confirmez votre demande d’opposition',
    greeting: 'Bonjour,',
    body: 'Nous avons reçu une demande d’opposition faite avec votre adresse électronique, pour : {target}.',
    action:
      'Pour la confirmer, ouvrez ce lien (valable 48 heures) puis validez sur la page qui s’affiche :',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne sera masqué.',
    targetCompany: 'l’entreprise individuelle n° SIREN {siren}',
    targetPerson: 'les mandats de dirigeant de {person}',
  },
  confirm: {
    title: 'Confirmer la demande d’opposition',
    explain:
      'En confirmant, vous demandez que les données indiquées dans le courriel ne soient plus affichées sur le site.',
    button: 'Confirmer ma demande',
    missing: 'Ce lien de confirmation est incomplet : ouvrez le lien reçu par courriel tel quel.',
    applied:
      'Votre demande est confirmée et appliquée : les données concernées ne sont plus affichées.',
    awaitingReview:
      'Votre demande est confirmée. Elle concerne des données qu’un membre de notre équipe doit examiner avant de les masquer ; nous vous répondrons par courriel.',
  },
  linkInvalid:
    'Ce lien de confirmation n’est pas valable ou a déjà servi. Si votre demande n’est pas encore confirmée, faites-en une nouvelle.',
  linkExpired: 'Ce lien de confirmation a expiré : faites une nouvelle demande.',
} as const;
