/** The files of an order, for its owner only (spec section 4: 204 while not ready). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { orders, storedFiles } from '@/db/schema';
import { errorResponse } from '@/lib/http/answer';
import { failure, success, type Result } from '@/lib/errors';
import { fulfilmentDeps } from './fulfilment';

export type OrderFile = { fileName: string; contentType: string; body: Buffer };

/**
 * The file of an order in `format` (its first format when none is asked), or `null` while it is
 * not ready. Another user's order, or a format the order does not have: NOT_FOUND.
 */
export async function orderFile(
  db: Db,
  userId: string,
  orderId: string,
  format?: string | null,
): Promise<Result<OrderFile | null>> {
  if (!/^[0-9a-f-]{36}$/.test(orderId)) return failure('NOT_FOUND');
  const [order] = await db
    .select({ state: orders.state, formats: orders.formats })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return failure('NOT_FOUND', 'Cette commande n’existe pas.');
  const wanted = format ?? order.formats[0];
  if (!wanted || !order.formats.includes(wanted)) {
    return failure('NOT_FOUND', 'Ce format n’existe pas pour cette commande.');
  }
  if (order.state !== 'completed') return success(null);
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.orderId, orderId), eq(storedFiles.format, wanted)));
  if (!file) return success(null);
  const body = await fulfilmentDeps.storage().get(file.key);
  if (!body) return success(null);
  return success({ fileName: file.fileName, contentType: file.contentType, body });
}

/** The HTTP answer of a file: Content-Disposition with its name, or 204 while it is not ready. */
export function fileResponse(result: Result<OrderFile | null>): Response {
  if (!result.ok) return errorResponse(result);
  if (!result.value)
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  const { fileName, contentType, body } = result.value;
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(body.length),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'Cache-Control': 'private, no-store',
    },
  });
}
