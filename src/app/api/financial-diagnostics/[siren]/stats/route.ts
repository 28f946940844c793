import { success } from '@/lib/errors';
import { getDb } from '@/db';
import { getFinancialStats } from '@/documents/reads';
import { errorResponse, respond } from '@/lib/http/answer';

export const dynamic = 'force-dynamic';

/** The figures the financial diagnostic uses (spec section 7), `data.data`. */
export async function GET(_req: Request, ctx: { params: Promise<{ siren: string }> }) {
  const { siren } = await ctx.params;
  const r = await getFinancialStats(getDb(), siren);
  if (!r.ok) return errorResponse(r);
  return respond(success(r.value), {
    headers: { 'Cache-Control': 'public, max-age=300' },
  });
}
