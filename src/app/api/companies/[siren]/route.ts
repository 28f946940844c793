import { getReadDb } from '@/db';
import { getCompanyApi } from '@/public-api/registry-handlers';
import { json, serverError } from '@/public-api/registry-response';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, ctx: { params: Promise<{ siren: string }> }) {
  const { siren } = await ctx.params;
  return getCompanyApi(getReadDb(), siren, new URL(req.url).searchParams).then(json, serverError);
}
