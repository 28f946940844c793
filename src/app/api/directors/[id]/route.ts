import { getReadDb } from '@/db';
import { getDirectorApi } from '@/public-api/registry-handlers';
import { json, serverError } from '@/public-api/registry-response';

export const dynamic = 'force-dynamic';

export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return getDirectorApi(getReadDb(), id, 'profile').then(json, serverError);
}
