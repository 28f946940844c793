import { errorResponse } from '@/lib/http/answer';
import { fileResponse } from '@/orders/downloads';
import { asUser } from '@/orders/http';
import { invoicePdf } from '@/payments/invoice-pdf';

export const dynamic = 'force-dynamic';

/** GET /api/invoices/{id}: the invoice of a paid order, as PDF. */
export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return asUser(req, async (db, user) => {
    const pdf = await invoicePdf(db, user.id, id);
    if (!pdf.ok) return errorResponse(pdf);
    return fileResponse({ ok: true, value: { ...pdf.value, contentType: 'application/pdf' } });
  });
}
