import { me, updateMe } from '@/accounts/api';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id?: string[] }> };

export async function GET(req: Request, ctx: Ctx) {
  const { id } = await ctx.params;
  if (id && id.length > 1) return me(req, '\u0000');
  return me(req, id?.[0]);
}

/** With `_method=PATCH` (or the override header): profile, e-mail, password; DELETE: the account. */
export function POST(req: Request) {
  return updateMe(req);
}

export function PATCH(req: Request) {
  return updateMe(req);
}
