import { getDb } from '@/db';
import { getFinancialStats } from '@/documents/api';
import { dataEnvelope } from '@/lib/api-envelope';
import { errorResponse } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/** The figures the financial diagnostic uses (spec section 7), `data.data`. */
export async function GET(_req: Request, ctx: { params: Promise<{ siren: string }> }) {
  const { siren } = await ctx.params;
  const r = await getFinancialStats(getDb(), siren);
  if (!r.ok) return errorResponse(r);
  return Response.json(dataEnvelope(r.value), {
    headers: { 'Cache-Control': 'public, max-age=300' },
  });
}
