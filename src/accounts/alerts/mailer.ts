import { and, eq, lt, sql } from 'drizzle-orm';
import { getEnv } from '@/config/env';
import { queryRows, type Db } from '@/db/client';
import { followedLists } from '@/db/schema/accounts';
import type { MailMessage } from '@/mail/transport';
import { escapeHtml, layoutHtml } from '../mails';
import { issueMagicToken, MAGIC_TOKEN_PARAM } from '../magic-token';
import {
  checkUnsubscribeToken,
  deliverOnce,
  mailedRow,
  unsubscribableMail,
  unsubscribeToken,
} from './delivery';
import { companyPathSlug } from '@/domain/slug';

/** At most this many events in one mail; the rest go in the next one. */
const MAX_EVENTS_PER_MAIL = 100;

export const unsubscribeSignature = (listId: number) => unsubscribeToken('unsubscribe', listId);

export const checkUnsubscribeSignature = (listId: number, token: string) =>
  checkUnsubscribeToken('unsubscribe', listId, token);

export function unsubscribeUrl(origin: string, listId: number): string {
  return `${origin}/api/alerts/unsubscribe?liste=${listId}&jeton=${unsubscribeSignature(listId)}`;
}

type EventRow = {
  id: number;
  siren: string;
  kind: string;
  details: Record<string, unknown>;
  created_at: string | Date;
  company_name: string | null;
};

const slug = companyPathSlug;

export const companyPath = (siren: string, name: string | null) =>
  `/entreprises/${siren}/${slug(name)}`;

/** The events of a list not yet mailed (and not older than the company's place in the list). */
async function pendingEvents(db: Db, listId: number, after: number): Promise<EventRow[]> {
  const rows = await queryRows<EventRow>(
    db,
    sql`SELECT e.id, e.siren, e.kind, e.details, e.created_at, c.name AS company_name
        FROM company_events e
        JOIN followed_companies f ON f.siren = e.siren AND f.list_id = ${listId}
        LEFT JOIN companies c ON c.siren = e.siren
        WHERE e.id > ${after} AND e.created_at >= f.created_at
        ORDER BY e.id LIMIT ${MAX_EVENTS_PER_MAIL}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

function buildMail(
  to: string,
  listName: string,
  listId: number,
  events: EventRow[],
  magic: string,
  digest: boolean,
): MailMessage {
  const origin = getEnv().SITE_URL.replace(/\/$/, '');
  const withMagic = (target: string) => {
    const [path, hash] = target.split('#');
    const sep = path!.includes('?') ? '&' : '?';
    return `${origin}${path}${sep}${MAGIC_TOKEN_PARAM}=${magic}${hash ? `#${hash}` : ''}`;
  };
  const title = digest
    ? `Les changements du jour dans votre liste « ${listName} »`
    : `Changement dans votre liste « ${listName} »`;
  const lines = events.map((e) => {
    const name = e.company_name ?? e.siren;
    const summary = typeof e.details.summary === 'string' ? e.details.summary : e.kind;
    return { name, summary, href: `${origin}${companyPath(e.siren, e.company_name)}` };
  });
  const unsubscribe = unsubscribeUrl(origin, listId);
  const account = withMagic('/mon-compte#alerts');
  const text = [
    'Bonjour,',
    '',
    `${events.length === 1 ? 'Une entreprise' : 'Des entreprises'} de votre liste « ${listName} » ${events.length === 1 ? 'a changé' : 'ont changé'} :`,
    '',
    ...lines.map((l) => `- ${l.name} : ${l.summary}\n  ${l.href}`),
    '',
    `Tous les changements dans votre compte : ${account}`,
    '',
    `Ne plus recevoir ces alertes pour cette liste : ${unsubscribe}`,
  ].join('\n');
  const items = lines
    .map(
      (l) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(l.href)}"><strong>${escapeHtml(l.name)}</strong></a><br>${escapeHtml(l.summary)}</li>`,
    )
    .join('');
  const html = layoutHtml(
    title,
    ['Bonjour,', `Les entreprises de votre liste « ${listName} » ont changé :`],
    {
      label: 'Voir tous les changements',
      href: account,
    },
  )
    .replace(
      '<p style="margin:24px 0">',
      `<ul style="padding-left:18px">${items}</ul><p style="margin:24px 0">`,
    )
    .replace(
      '</body>',
      `<p style="font-size:12px;color:#6b7280"><a href="${escapeHtml(unsubscribe)}">Ne plus recevoir ces alertes pour cette liste</a></p></body>`,
    );
  return unsubscribableMail({ to, subject: title, text, html }, unsubscribe);
}

/**
 * Mails a list's new events, once. The mail's id is the list and its last event: a retried job
 * (at-least-once delivery) finds the mail marked sent and only moves the cursor. The one window
 * left — a crash after the SMTP server took the mail and before it is marked — resends it, with
 * the same Message-ID, which mail clients de-duplicate.
 */
export async function sendListAlerts(db: Db, listId: number, digest = false): Promise<number> {
  const found = await mailedRow(db, followedLists, listId);
  if (!found || found.row.alertMode === 'none') return 0;
  const list = { l: found.row, email: found.email };
  const events = await pendingEvents(db, listId, list.l.lastAlertedEventId);
  if (!events.length) return 0;
  const lastId = events[events.length - 1]!.id;
  const mailId = `alerte.${listId}.${lastId}`;
  await deliverOnce(db, mailId, async () =>
    buildMail(
      list.email,
      list.l.name,
      listId,
      events,
      await issueMagicToken(db, list.l.userId),
      digest,
    ),
  );
  await db
    .update(followedLists)
    .set({ lastAlertedEventId: lastId })
    .where(and(eq(followedLists.id, listId), lt(followedLists.lastAlertedEventId, lastId)));
  return events.length;
}
