import {
  deleteOneSavedSearch,
  patchSavedSearch,
  postOneSavedSearch,
} from '@/accounts/saved-searches/handlers';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

export async function PATCH(req: Request, ctx: Ctx) {
  return patchSavedSearch(req, (await ctx.params).id);
}

export async function DELETE(req: Request, ctx: Ctx) {
  return deleteOneSavedSearch(req, (await ctx.params).id);
}

export async function POST(req: Request, ctx: Ctx) {
  return postOneSavedSearch(req, (await ctx.params).id);
}
