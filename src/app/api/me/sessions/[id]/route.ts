import { revokeMySession } from '@/accounts/session-handlers';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

/** « Déconnecter » one session of the user. */
export async function DELETE(req: Request, ctx: Ctx) {
  const { id } = await ctx.params;
  return revokeMySession(req, id);
}
