import { registryResponse } from '@/public-api/registry-handlers';
import { getDb } from '@/db';
import { getDirectorNetworkApi } from '@/public-api/network-handlers';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  const depth = new URL(req.url).searchParams.get('depth');
  return registryResponse(getDirectorNetworkApi(getDb(), id, depth));
}
