import { registryResponse } from '@/public-api/registry-handlers';
import { getDb } from '@/db';
import { getCompanyNetworkApi } from '@/public-api/network-handlers';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, ctx: { params: Promise<{ siren: string }> }) {
  const { siren } = await ctx.params;
  const depth = new URL(req.url).searchParams.get('depth');
  return registryResponse(getCompanyNetworkApi(getDb(), siren, depth));
}
