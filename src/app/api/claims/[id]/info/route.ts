import { postOwnerInfo } from '@/accounts/claims-handlers';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

export async function POST(req: Request, ctx: Ctx) {
  return postOwnerInfo(req, (await ctx.params).id);
}
