import { eq } from 'drizzle-orm';
import { sessions, users } from '@/db/schema/accounts';
import type { OpsCommand } from './types';

/** Operator commands of the accounts area: who may use the moderation tools. */
async function setRole(
  role: 'user' | 'operator',
  args: string[],
  ctx: Parameters<OpsCommand['run']>[1],
): Promise<number> {
  const email = args[0]?.trim().toLowerCase();
  if (!email) {
    ctx.out('Indiquez l’adresse e-mail du compte.');
    return 2;
  }
  const [row] = await ctx.db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning();
  if (!row) {
    ctx.out(`Aucun compte pour ${email}.`);
    return 1;
  }
  // A role change takes effect on the next login: current sessions end.
  await ctx.db.delete(sessions).where(eq(sessions.userId, row.id));
  ctx.out(
    role === 'operator' ? `${email} est désormais opérateur.` : `${email} n’est plus opérateur.`,
  );
  return 0;
}

export const commands: OpsCommand[] = [
  {
    name: 'operator-grant',
    summary: 'Donne le rôle opérateur (outils de modération) au compte de cette adresse e-mail',
    run: (args, ctx) => setRole('operator', args, ctx),
  },
  {
    name: 'operator-revoke',
    summary: 'Retire le rôle opérateur au compte de cette adresse e-mail',
    run: (args, ctx) => setRole('user', args, ctx),
  },
];
