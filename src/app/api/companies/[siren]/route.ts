import { getReadDb } from '@/db';
import { getCompanyApi } from '@/web/registry-api';
import { json, serverError } from '@/web/http';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, ctx: { params: Promise<{ siren: string }> }) {
  const { siren } = await ctx.params;
  return getCompanyApi(getReadDb(), siren, new URL(req.url).searchParams).then(json, serverError);
}
