/**
 * Operators' decisions on opposition requests (npm run ops -- oppositions:…, src/ops/opposition.ts):
 * accept a confirmed request that waits for review, reject one (a request already applied is
 * withdrawn: the data show again), and expire unconfirmed ones. Every step is in the history.
 * The requester's identity document goes with the decision, in its transaction: accepted,
 * rejected or expired, the case keeps none.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import m from '@/i18n/fr/opposition';
import { interpolate } from '@/i18n/interpolate';
import { failure, success, type Result } from '@/lib/errors';
import { logFailure } from '@/lib/log';
import { siteOrigin } from '@/config/env';
import { deleteIdentityDocument } from './identity-document';
import { sendOppositionMail } from './mail';
import { purgeAfterOpposition } from './purge';
import {
  affectedSirens,
  applyCase,
  readCase,
  recordEvent,
  rows,
  type OppositionCase,
  type Runner,
} from './store';

export type Decision = { id: number; status: OppositionCase['status']; affectedSirens: string[] };

/**
 * The requester is told the operator's decision (the confirmation page promised it), through the
 * mail queue: a failed delivery is retried, and a mail that cannot be queued leaves the decision
 * standing.
 */
async function tellRequester(
  db: Db,
  c: OppositionCase,
  accepted: boolean,
  note: string | null,
): Promise<void> {
  const id = String(c.id);
  const lines = accepted
    ? [m.decision.accepted]
    : [
        m.decision.rejected,
        ...(note ? [interpolate(m.decision.note, { note })] : []),
        '',
        m.decision.again,
        `${siteOrigin()}/opposition`,
      ];
  await sendOppositionMail(db, {
    to: c.email,
    subject: interpolate(accepted ? m.decision.acceptedSubject : m.decision.rejectedSubject, {
      id,
    }),
    text: [
      m.mail.greeting,
      '',
      ...lines.map((l) => interpolate(l, { id })),
      '',
      m.decision.documentDeleted,
      '',
      m.decision.signature,
    ].join('\n'),
  }).catch((e) => logFailure('opposition: decision mail', e));
}

/** A decision, and the case whose requester is to be told of it (none when nothing was decided). */
type Decided = { outcome: Result<Decision>; tell?: OppositionCase };

/** Case `id` locked and decided by `decide` in one transaction; NOT_FOUND when there is none. */
function decideCase(
  db: Db,
  id: number,
  decide: (tx: Runner, c: OppositionCase) => Promise<Decided>,
): Promise<Decided> {
  return db.transaction(async (tx): Promise<Decided> => {
    const c = await readCase(tx, id, true);
    if (!c) return { outcome: failure('NOT_FOUND', `Aucune demande n° ${id}.`) };
    return decide(tx, c);
  });
}

/** A reviewer's decision on opposition case `id`, with an optional note. */
type Review = (
  db: Db,
  id: number,
  actor: string,
  note?: string | null,
) => Promise<Result<Decision>>;

export const acceptOpposition: Review = async (db, id, actor, note = null) => {
  const { outcome, tell } = await decideCase(db, id, async (tx, c) => {
    if (c.status !== 'awaiting_review')
      return {
        outcome: failure(
          'CONFLICT',
          `La demande n° ${id} est « ${c.status} » : seule une demande confirmée en attente d’examen peut être acceptée.`,
        ),
      };
    await applyCase(tx, c, 'accepted', actor, note);
    await deleteIdentityDocument(tx, id);
    const affected = await affectedSirens(tx, c);
    return { outcome: success({ id, status: 'accepted', affectedSirens: affected }), tell: c };
  });
  if (outcome.ok) await purgeAfterOpposition(db, outcome.value.affectedSirens);
  if (tell) await tellRequester(db, tell, true, null);
  return outcome;
};

export const rejectOpposition: Review = async (db, id, actor, note = null) => {
  const { outcome, tell } = await decideCase(db, id, async (tx, c) => {
    if (c.status === 'rejected' || c.status === 'expired')
      return { outcome: failure('CONFLICT', `La demande n° ${id} est déjà « ${c.status} ».`) };
    const wasHiding = c.status === 'applied' || c.status === 'accepted';
    if (wasHiding && c.oppositionRequestId !== null)
      await tx.execute(
        sql`UPDATE opposition_requests SET status = 'rejected' WHERE id = ${c.oppositionRequestId}`,
      );
    await tx.execute(
      sql`UPDATE opposition_cases SET status = 'rejected', token_hash = NULL, decided_at = now()
          WHERE id = ${id}`,
    );
    await deleteIdentityDocument(tx, id);
    await recordEvent(tx, id, actor, wasHiding ? 'withdrawn' : 'rejected', note);
    const affected = wasHiding ? await affectedSirens(tx, c) : [];
    // A request refused after review is told why; one withdrawn (abuse) is not written to.
    return {
      outcome: success({ id, status: 'rejected', affectedSirens: affected }),
      tell: wasHiding ? undefined : c,
    };
  });
  if (outcome.ok && outcome.value.affectedSirens.length > 0)
    await purgeAfterOpposition(db, outcome.value.affectedSirens);
  if (tell) await tellRequester(db, tell, false, note);
  return outcome;
};

/** Unconfirmed requests past their link's expiry become `expired`; returns how many. */
export async function expireOppositions(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await rows<{ id: number }>(
      tx,
      sql`UPDATE opposition_cases SET status = 'expired', token_hash = NULL
          WHERE status = 'pending_confirmation' AND expires_at < ${now.toISOString()}
          RETURNING id`,
    );
    for (const { id } of expired) {
      await deleteIdentityDocument(tx, id);
      await recordEvent(tx, id, 'system', 'expired');
    }
    return expired.length;
  });
}
