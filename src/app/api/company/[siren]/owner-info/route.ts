import { getOwnerInfo } from '@/accounts/claims-handlers';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ siren: string }> };

export async function GET(req: Request, ctx: Ctx) {
  return getOwnerInfo(req, (await ctx.params).siren);
}
