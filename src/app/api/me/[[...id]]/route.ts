import { me, updateMe } from '@/accounts/me-handlers';
import { errorResponse } from '@/lib/http/answer';
import { failure } from '@/lib/errors';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id?: string[] }> };

export async function GET(req: Request, ctx: Ctx) {
  const { id } = await ctx.params;
  if (id && id.length > 1) return me(req, '\u0000');
  return me(req, id?.[0]);
}

/**
 * Only /api/me changes the account (spec section 7): `POST /api/me/{id}` is no route, whoever
 * asks and whatever the id (it used to change the session's own account).
 */
async function update(req: Request, ctx: Ctx) {
  const { id } = await ctx.params;
  if (id?.length) return errorResponse(failure('NOT_FOUND'));
  return updateMe(req);
}

/** With `_method=PATCH` (or the override header): profile, e-mail, password; DELETE: the account. */
export const POST = update;
export const PATCH = update;
