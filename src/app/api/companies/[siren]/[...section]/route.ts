import { getReadDb } from '@/db';
import { getCompanySectionApi } from '@/web/registry-api';
import { json, serverError } from '@/web/http';

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
