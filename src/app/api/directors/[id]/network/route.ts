import { getDb } from '@/db';
import { getDirectorNetworkApi } from '@/public-api/network-handlers';
import { json, serverError } from '@/public-api/registry-response';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  const depth = new URL(req.url).searchParams.get('depth');
  return getDirectorNetworkApi(getDb(), id, depth).then(json, serverError);
}
