import { errorResponse } from '@/lib/http/answer';
import { fileResponse } from '@/orders/downloads';
import { asUser } from '@/orders/http';
import { creditNotePdf } from '@/payments/invoice-pdf';

export const dynamic = 'force-dynamic';

/** GET /api/credit-notes/{id}: a credit note (« avoir ») of a refunded order, as PDF. */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return asUser(req, async (db, user) => {
    const pdf = await creditNotePdf(db, user.id, id);
    if (!pdf.ok) return errorResponse(pdf);
    return fileResponse({ ok: true, value: { ...pdf.value, contentType: 'application/pdf' } });
  });
}
