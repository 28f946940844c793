import { getReadDb } from '@/db';
import { getCompanySectionApi, registryResponse } from '@/public-api/registry-handlers';

export const dynamic = 'force-dynamic';

export async function GET(
  req: Request,
  ctx: { params: Promise<{ siren: string; section: string[] }> },
) {
  const { siren, section } = await ctx.params;
  return registryResponse(
    getCompanySectionApi(getReadDb(), siren, section.join('/'), new URL(req.url).searchParams),
  );
}
