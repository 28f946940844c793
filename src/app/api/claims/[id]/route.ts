import { deleteClaim } from '@/accounts/claims-handlers';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

export async function DELETE(req: Request, ctx: Ctx) {
  return deleteClaim(req, (await ctx.params).id);
}

export async function POST(req: Request, ctx: Ctx) {
  return deleteClaim(req, (await ctx.params).id);
}
