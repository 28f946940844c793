import { followCompany } from '@/accounts/follow-handlers';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ siren: string; listId?: string[] }> };

export async function POST(req: Request, ctx: Ctx) {
  const { siren, listId } = await ctx.params;
  if (listId && listId.length > 1) return followCompany(req, siren, '0');
  return followCompany(req, siren, listId?.[0]);
}
