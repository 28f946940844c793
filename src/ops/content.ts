import { purgeContactMessages } from '@/content/contact';
import type { OpsCommand } from './types';

export const commands: OpsCommand[] = [
  {
    name: 'contact-purge',
    summary:
      'Supprime les messages du formulaire de contact de plus de 3 ans (durée annoncée dans la politique de confidentialité).',
    async run(_args, { db, out }) {
      const n = await purgeContactMessages(db, new Date());
      out(`${n} message(s) de contact supprimé(s).`);
      return 0;
    },
  },
];
