import { revokeMyKey } from '@/api-access/handlers';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

/** « Révoquer » one of the user's API keys. */
export async function DELETE(req: Request, ctx: Ctx) {
  const { id } = await ctx.params;
  return revokeMyKey(req, id);
}
