import { unfollowCompany } from '@/accounts/follow-handlers';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ siren: string }> };

export async function DELETE(req: Request, ctx: Ctx) {
  return unfollowCompany(req, (await ctx.params).siren);
}
