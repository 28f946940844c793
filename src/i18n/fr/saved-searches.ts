/**
 * The results' actions (export, save the search) and the saved searches of /mon-compte: Client
 * Components, so a namespace of their own.
 */
export default {
  actions: {
    label: 'Exporter ou enregistrer ces résultats',
    csv: 'Exporter en CSV',
    xlsx: 'Exporter en Excel',
    preparing: 'Préparation de l’export…',
    exporting: 'Export en cours : {done} ligne{n||s} sur {total}…',
    exportingBytes: 'Export en cours : {kb} Ko reçus ({total} ligne{n||s})…',
    exported: 'Fichier prêt : {total} ligne{n||s}.',
    anonymousCap:
      'Sans compte, l’export est limité à {max} lignes ; connectez-vous pour en exporter jusqu’à 10 000.',
    cancel: 'Annuler',
    cancelled: 'Export annulé.',
    failed: 'L’export a échoué. Réessayez dans quelques instants.',
    save: 'Enregistrer cette recherche',
    saveTitle: 'Enregistrer la recherche et recevoir les nouvelles entreprises par e-mail',
    name: 'Nom de la recherche',
    frequency: 'E-mail des nouvelles entreprises',
    confirm: 'Enregistrer',
    saved: 'Recherche enregistrée : vous la retrouverez dans votre compte.',
    savedLink: 'Voir mes recherches',
    signIn: 'Connectez-vous pour enregistrer cette recherche.',
    signInLink: 'Se connecter',
  },
  account: {
    intro:
      'Vos recherches enregistrées : après chaque import, les nouvelles entreprises qui y répondent vous sont envoyées par e-mail, chaque jour ou chaque semaine.',
    empty:
      'Aucune recherche enregistrée. Sur une page de résultats, choisissez « Enregistrer cette recherche ».',
    open: 'Voir les résultats',
    rename: 'Renommer',
    save: 'Enregistrer',
    delete: 'Supprimer',
    confirmDelete: 'Supprimer la recherche « {name} » ?',
    frequency: 'E-mails',
    lastMatches: 'Dernières nouvelles entreprises',
    noMatches: 'Pas encore de nouvelle entreprise.',
    lastMailed: 'Dernier e-mail le {date}',
    hiddenName: 'Entrepreneur individuel (nom non diffusé)',
  },
} as const;
