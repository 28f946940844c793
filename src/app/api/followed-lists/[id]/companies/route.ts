import { listCompanies } from '@/accounts/follow-handlers';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

export async function POST(req: Request, ctx: Ctx) {
  return listCompanies(req, (await ctx.params).id);
}

export async function DELETE(req: Request, ctx: Ctx) {
  return listCompanies(req, (await ctx.params).id);
}
