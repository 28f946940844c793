export default {
  close: 'Fermer le message',
} as const;
