import { and, eq } from 'drizzle-orm';
import { companyClaims, companyOwnerInfo } from '@/db/schema/accounts';
import type { OpsCommand } from './types';

/**
 * Moderation of company profile claims: the information owners give is shown only once an
 * operator approved it; a disputed verified claim is revoked here (the company is free to be
 * claimed again, by letter).
 */
export const commands: OpsCommand[] = [
  {
    name: 'claims-info-pending',
    summary:
      'Liste les informations d’entreprise fournies par leurs propriétaires, en attente de modération',
    async run(_args, { db, out }) {
      const rows = await db
        .select()
        .from(companyOwnerInfo)
        .where(eq(companyOwnerInfo.status, 'pending'));
      if (!rows.length) out('Aucune information en attente.');
      for (const r of rows) out(`${r.siren} (demande ${r.claimId}) : ${JSON.stringify(r.info)}`);
      return 0;
    },
  },
  ...(['approve', 'reject'] as const).map((action): OpsCommand => ({
    name: `claims-info-${action}`,
    summary:
      action === 'approve'
        ? 'Publie les informations fournies par le propriétaire de l’entreprise <siren>'
        : 'Refuse les informations fournies par le propriétaire de l’entreprise <siren>',
    async run(args, { db, out }) {
      const siren = args[0] ?? '';
      const [row] = await db
        .update(companyOwnerInfo)
        .set({ status: action === 'approve' ? 'approved' : 'rejected', updatedAt: new Date() })
        .where(eq(companyOwnerInfo.siren, siren))
        .returning();
      if (!row) {
        out(`Aucune information pour ${siren || '(SIREN manquant)'}.`);
        return 1;
      }
      out(
        action === 'approve'
          ? `Informations de ${siren} publiées.`
          : `Informations de ${siren} refusées.`,
      );
      return 0;
    },
  })),
  {
    name: 'claim-revoke',
    summary: 'Retire une revendication vérifiée (litige) : <id de la demande>',
    async run(args, { db, out }) {
      const id = Number(args[0]);
      if (!Number.isSafeInteger(id) || id <= 0) {
        out('Indiquez le numéro de la demande.');
        return 2;
      }
      const [row] = await db
        .update(companyClaims)
        .set({ status: 'revoked' })
        .where(and(eq(companyClaims.id, id), eq(companyClaims.status, 'verified')))
        .returning();
      if (!row) {
        out(`Aucune revendication vérifiée n° ${id}.`);
        return 1;
      }
      await db.delete(companyOwnerInfo).where(eq(companyOwnerInfo.claimId, id));
      out(`Revendication ${id} (${row.siren}) retirée ; ses informations ne sont plus affichées.`);
      return 0;
    },
  },
];
