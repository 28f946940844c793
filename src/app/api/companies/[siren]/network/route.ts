import { getDb } from '@/db';
import { getCompanyNetworkApi } from '@/public-api/network-handlers';
import { json, serverError } from '@/public-api/registry-response';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, ctx: { params: Promise<{ siren: string }> }) {
  const { siren } = await ctx.params;
  const depth = new URL(req.url).searchParams.get('depth');
  return getCompanyNetworkApi(getDb(), siren, depth).then(json, serverError);
}
