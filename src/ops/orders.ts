/** Operator commands of the orders area (`npm run ops -- orders:…`). */
import { eq } from 'drizzle-orm';
import { orders, payments, storedFiles } from '@/db/schema';
import { markUnfulfillable } from '@/orders/fulfilment';
import { recoverOrders } from '@/orders/recovery';
import type { OpsCommand } from './types';

export const commands: OpsCommand[] = [
  {
    name: 'orders:recover',
    summary:
      'finit ce qu’un arrêt brutal a interrompu : événements non traités, paiements sans webhook, commandes payées, remboursements',
    async run(_args, { db, out }) {
      const r = await recoverOrders(db);
      out(
        `événements traités : ${r.events} · paiements retrouvés : ${r.checkouts} · commandes remises en file : ${r.fulfil} · remboursements : ${r.refunds}`,
      );
      return 0;
    },
  },
  {
    name: 'orders:show',
    summary: 'affiche une commande, ses paiements et ses fichiers : orders:show <id>',
    async run([id], { db, out }) {
      if (!id) {
        out('usage : orders:show <id>');
        return 2;
      }
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      if (!order) {
        out('commande inconnue');
        return 1;
      }
      out(JSON.stringify(order, null, 2));
      for (const p of await db.select().from(payments).where(eq(payments.orderId, id))) {
        out(`paiement ${p.provider} ${p.providerSessionId} : ${p.state}`);
      }
      for (const f of await db.select().from(storedFiles).where(eq(storedFiles.orderId, id))) {
        out(`fichier ${f.format} ${f.fileName} (${f.size} octets)`);
      }
      return 0;
    },
  },
  {
    name: 'orders:fail',
    summary:
      'déclare impossible une commande payée et la rembourse, avec la raison donnée au client : orders:fail <id> <raison…>',
    async run([id, ...reason], { db, out }) {
      if (!id || reason.length === 0) {
        out('usage : orders:fail <id> <raison en français>');
        return 2;
      }
      await markUnfulfillable(db, id, reason.join(' '));
      const [order] = await db
        .select({ state: orders.state })
        .from(orders)
        .where(eq(orders.id, id));
      out(`état : ${order?.state ?? 'commande inconnue'}`);
      return order ? 0 : 1;
    },
  },
];
