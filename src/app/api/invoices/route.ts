import { PRIVATE_NO_STORE, respond } from '@/lib/http/answer';
import { success } from '@/lib/errors';
import { asUser } from '@/orders/http';
import { listBillingDocuments } from '@/payments/invoices';

export const dynamic = 'force-dynamic';

/** GET /api/invoices: the user's invoices and credit notes, newest first. */
export async function GET(req: Request) {
  return asUser(req, async (db, user) =>
    respond(success(await listBillingDocuments(db, user.id)), { headers: PRIVATE_NO_STORE }),
  );
}
