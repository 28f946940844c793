import { deleteOneList, getOneList, patchList, postOneList } from '@/accounts/follow-handlers';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

export async function GET(req: Request, ctx: Ctx) {
  return getOneList(req, (await ctx.params).id);
}

export async function DELETE(req: Request, ctx: Ctx) {
  return deleteOneList(req, (await ctx.params).id);
}

export async function PATCH(req: Request, ctx: Ctx) {
  return patchList(req, (await ctx.params).id);
}

export async function POST(req: Request, ctx: Ctx) {
  return postOneList(req, (await ctx.params).id);
}
