/** Company pages: the frame of the per-company pages, their sections and empty states. */
export default {
  notFound: {
    title: 'Entreprise introuvable',
    body: 'Aucune entreprise ne correspond à ce numéro SIREN. Un SIREN comporte 9 chiffres et se termine par une clé de contrôle : vérifiez le numéro saisi.',
    search: 'Rechercher une entreprise',
  },
  sourceFailed: '{message} Les autres informations de la page restent exactes.',
  subPage: {
    home: 'Accueil',
    heading: '{title} de {name}',
    backToProfile: '← Fiche complète de {name} (SIREN {siren})',
  },
  subPages: {
    acts: {
      title: 'Actes et statuts',
      describe:
        'Actes, statuts et procès-verbaux déposés par {name} au Registre national des entreprises.',
      section: 'Actes et statuts déposés',
      naturalPerson: 'Un entrepreneur individuel ne dépose pas de statuts.',
      notYet:
        "Les actes et statuts déposés au Registre national des entreprises ne sont pas encore intégrés à nos données. Ils sont consultables gratuitement sur data.inpi.fr, avec le SIREN de l'entreprise.",
    },
    notices: {
      title: 'Annonces BODACC',
      describe:
        'Annonces légales BODACC de {name} : création, modifications, dépôts des comptes, procédures collectives, radiation.',
      section: 'Annonces publiées au BODACC',
      none: "Aucune annonce BODACC n'est rattachée à ce SIREN dans nos données.",
    },
    patents: {
      title: 'Brevets',
      describe: 'Brevets de {name} : où les consulter.',
      section: 'Brevets',
      where:
        'Les brevets français et européens se consultent gratuitement sur data.inpi.fr et sur Espacenet (Office européen des brevets).',
    },
    accounts: {
      title: 'Comptes annuels',
      describe:
        "Chiffre d'affaires, résultat net, EBE et marges de {name} par exercice, d'après les comptes annuels publiés.",
      section: 'Chiffres clés par exercice',
    },
    establishments: {
      title: 'Établissements',
      describe:
        'Siège et établissements de {name} : SIRET, adresses, activités, ouverts et fermés.',
      section: 'Liste des établissements',
    },
    brands: {
      title: 'Marques',
      describe:
        "Marques déposées par {name} à l'INPI : numéros, dates de dépôt, statuts et classes.",
      section: "Marques déposées à l'INPI",
      none: 'Aucune marque déposée par cette entreprise ne figure dans nos données INPI.',
    },
  },
} as const;
