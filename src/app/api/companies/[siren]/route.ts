import { getReadDb } from '@/db';
import { getCompanyApi, registryResponse } from '@/public-api/registry-handlers';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, ctx: { params: Promise<{ siren: string }> }) {
  const { siren } = await ctx.params;
  return registryResponse(getCompanyApi(getReadDb(), siren, new URL(req.url).searchParams));
}
