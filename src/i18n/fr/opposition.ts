/** The opposition form, its confirmation page and the service’s answers. */
export default {
  title: 'Demande d’opposition',
  metaTitle: 'Demande d’opposition : masquer vos données',
  metaDescription:
    'Demandez que votre nom, votre adresse ou vos mandats de dirigeant ne soient plus affichés sur le site. La demande est examinée après confirmation par courriel et vérification de votre identité.',
  intro:
    'Vous pouvez demander que vos données personnelles ne soient plus affichées : le nom et l’adresse d’un entrepreneur individuel, ou les mandats d’un dirigeant. Joignez une pièce d’identité : une adresse électronique ne prouve pas qui vous êtes. Vous recevrez un courriel à confirmer, puis un membre de notre équipe vérifie votre identité avant de masquer quoi que ce soit.',
  legalPersons:
    'Les données d’une société, d’une association ou de toute autre personne morale publiées par les registres officiels ne sont pas masquées sur demande : le droit d’opposition appartient aux personnes physiques. Si ces données sont inexactes, demandez leur correction.',
  correctionLink: 'Demander une correction',
  sent: 'Votre demande est enregistrée. Pour la confirmer, ouvrez le lien que nous venons de vous envoyer par courriel (valable 48 heures). Rien n’est masqué avant cette confirmation et la vérification de votre identité par notre équipe.',
  legend: 'Données concernées',
  kindPerson: 'Mes mandats de dirigeant',
  kindCompany: 'Mon entreprise individuelle (nom et adresse)',
  siren: 'Numéro SIREN de l’entreprise individuelle',
  personLegend: 'Le dirigeant concerné (si vous ne venez pas de sa fiche)',
  personFromProfile: 'Dirigeant concerné : {person}',
  lastName: 'Nom de naissance',
  firstNames: 'Prénoms',
  birthMonth: 'Mois et année de naissance',
  birthMonthHint: 'Par exemple 1990-02 pour février 1990.',
  document: 'Pièce d’identité (PDF, JPEG ou PNG, 5 Mo au plus, obligatoire)',
  documentHint:
    'Carte d’identité, passeport ou titre de séjour à votre nom. Elle n’est lue que par notre équipe, conservée chiffrée et supprimée dès la décision.',
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
      'Indiquez vos nom, prénoms et mois et année de naissance, ou faites la demande depuis votre fiche de dirigeant.',
    lastName: 'Indiquez votre nom de naissance.',
    firstNames: 'Indiquez vos prénoms.',
    birthMonth: 'Indiquez votre mois et votre année de naissance (par exemple 1990-02).',
    unknownPerson:
      'Aucun dirigeant ne porte ces nom, prénoms et mois de naissance dans nos données : vérifiez-les, ou faites la demande depuis votre fiche de dirigeant.',
    unknownDirector:
      'Ce dirigeant n’est pas dans nos données : faites la demande depuis sa fiche de dirigeant.',
    personKey:
      'Indiquez la personne par sa fiche de dirigeant ou par ses nom, prénoms et mois de naissance : une clé de personne n’est pas acceptée.',
    documentMissing: 'Joignez une pièce d’identité (PDF, JPEG ou PNG).',
    documentOne: 'Joignez un seul fichier : votre pièce d’identité.',
    documentTooLarge: 'La pièce d’identité dépasse 5 Mo : réduisez-la ou envoyez une photo.',
    documentType: 'La pièce d’identité doit être un fichier PDF, JPEG ou PNG.',
    documentMismatch:
      'Le contenu du fichier ne correspond pas à son extension : envoyez un PDF (.pdf), un JPEG (.jpg) ou un PNG (.png).',
    franceConnectUnavailable: 'La connexion par FranceConnect n’est pas disponible.',
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
  decision: {
    acceptedSubject: 'Votre demande d’opposition n° {id} est acceptée',
    accepted:
      'Après vérification de votre identité, votre demande d’opposition n° {id} est acceptée : les données concernées ne sont plus affichées sur le site. Les moteurs de recherche peuvent mettre quelques jours à mettre à jour leurs copies.',
    rejectedSubject: 'Votre demande d’opposition n° {id} est refusée',
    rejected:
      'Votre demande d’opposition n° {id} n’a pas été acceptée : nous n’avons pas pu vérifier que vous êtes la personne concernée.',
    note: 'Motif indiqué par notre équipe : {note}',
    again:
      'Vous pouvez faire une nouvelle demande, avec une pièce d’identité lisible à votre nom :',
    documentDeleted: 'La pièce d’identité que vous nous aviez transmise a été supprimée.',
    signature: 'L’équipe du Registre',
  },
  confirm: {
    title: 'Confirmer la demande d’opposition',
    explain:
      'En confirmant, vous demandez que les données indiquées dans le courriel ne soient plus affichées sur le site.',
    button: 'Confirmer ma demande',
    missing: 'Ce lien de confirmation est incomplet : ouvrez le lien reçu par courriel tel quel.',
    awaitingReview:
      'Votre demande est confirmée. Un membre de notre équipe vérifie votre pièce d’identité avant de masquer les données concernées ; nous vous répondrons par courriel.',
  },
  linkInvalid:
    'Ce lien de confirmation n’est pas valable ou a déjà servi. Si votre demande n’est pas encore confirmée, faites-en une nouvelle.',
  linkExpired: 'Ce lien de confirmation a expiré : faites une nouvelle demande.',
} as const;
