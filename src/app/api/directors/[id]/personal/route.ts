import { getReadDb } from '@/db';
import { getDirectorApi } from '@/web/registry-api';
import { json, serverError } from '@/web/http';

export const dynamic = 'force-dynamic';

export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return getDirectorApi(getReadDb(), id, 'personal').then(json, serverError);
}
