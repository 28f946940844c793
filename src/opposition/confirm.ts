/**
 * The requester confirms a request with the link mailed to them: a forged, altered, replayed or
 * expired link changes nothing. A confirmed request hides nothing yet: it waits for an operator
 * (`awaiting_review`), who checks the identity proof and decides (review.ts). An e-mail proves a
 * mailbox, not an identity.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import m from '@/i18n/fr/opposition';
import { failure, success, type Result } from '@/lib/errors';
import { deleteIdentityDocument } from './identity-document';
import { readLinkToken } from './link';
import { readCase, recordEvent } from './store';

export type Confirmed = { id: number; status: 'awaiting_review' };

export async function confirmOpposition(
  db: Db,
  token: unknown,
  options: { now?: Date } = {},
): Promise<Result<Confirmed>> {
  const now = options.now ?? new Date();
  const link = readLinkToken(token, now.getTime());
  if (!link.ok) return failure('OPPOSITION_LINK_INVALID', m.linkInvalid);

  return db.transaction(async (tx): Promise<Result<Confirmed>> => {
    const c = await readCase(tx, link.id, true);
    // The stored hash is cleared on use: a replayed link finds none.
    if (!c || c.status !== 'pending_confirmation' || c.tokenHash !== link.nonceHash)
      return failure('OPPOSITION_LINK_INVALID', m.linkInvalid);
    if (link.expired || Date.parse(c.expiresAt) < now.getTime()) {
      await tx.execute(
        sql`UPDATE opposition_cases SET status = 'expired', token_hash = NULL WHERE id = ${c.id}`,
      );
      await deleteIdentityDocument(tx, c.id);
      await recordEvent(tx, c.id, 'system', 'expired', 'lien ouvert après expiration');
      return failure('OPPOSITION_LINK_EXPIRED', m.linkExpired);
    }
    await tx.execute(
      sql`UPDATE opposition_cases SET token_hash = NULL, confirmed_at = ${now.toISOString()},
            status = 'awaiting_review'
          WHERE id = ${c.id}`,
    );
    await recordEvent(tx, c.id, 'requester', 'confirmed');
    await recordEvent(tx, c.id, 'system', 'awaiting_review', c.reviewReasons.join(', ') || null);
    return success({ id: c.id, status: 'awaiting_review' });
  });
}
