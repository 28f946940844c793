import { getReadDb } from '@/db';
import { getCompanySectionApi } from '@/public-api/registry-handlers';
import { json, serverError } from '@/public-api/registry-response';

export const dynamic = 'force-dynamic';

export async function GET(
  req: Request,
  ctx: { params: Promise<{ siren: string; section: string[] }> },
) {
  const { siren, section } = await ctx.params;
  return getCompanySectionApi(
    getReadDb(),
    siren,
    section.join('/'),
    new URL(req.url).searchParams,
  ).then(json, serverError);
}
