/**
 * The mail of a saved search: its new companies not mailed yet, once. The mail's id is the search
 * and its last match (`recherche.{id}.{match id}`), claimed in `alert_mails` before sending and
 * marked sent after (the pattern of the follow alerts, src/accounts/alerts/mailer.ts): a retried
 * job finds it sent and only marks the matches. Every mail carries a signed one-click unsubscribe
 * (`List-Unsubscribe` and `List-Unsubscribe-Post`, RFC 8058).
 */
import { sql } from 'drizzle-orm';
import { siteOrigin } from '@/config/env';
import { queryRows, type Db } from '@/db/client';
import { savedSearches } from '@/db/schema/accounts';
import type { MailMessage } from '@/mail/transport';
import {
  companyResultOf,
  type CompanyResult,
  type SearchCompanyRow,
} from '@/search/company-results';
import { escapeHtml, layoutHtml } from '../mails';
import {
  checkUnsubscribeToken,
  deliverOnce,
  mailedRow,
  unsubscribableMail,
  unsubscribeToken,
} from '../alerts/delivery';

/** Companies listed in one mail; the rest are behind the results link. */
const MAX_PER_MAIL = 50;
/** Matches marked as mailed by one mail at most (the next mail takes the rest). */
const MAX_MARKED = 1000;

export const savedSearchUnsubscribeSignature = (id: number) =>
  unsubscribeToken('saved-search-unsubscribe', id);

export const checkSavedSearchSignature = (id: number, token: string) =>
  checkUnsubscribeToken('saved-search-unsubscribe', id, token);

export const savedSearchUnsubscribeUrl = (id: number) =>
  `${siteOrigin()}/api/saved-searches/unsubscribe?recherche=${id}&jeton=${savedSearchUnsubscribeSignature(id)}`;

/** The results page of a saved query. */
export const savedSearchResultsUrl = (query: string) =>
  `${siteOrigin()}/recherches-avancees/resultats?${query}`;

type Pending = SearchCompanyRow & { match_id: string | number };

function line(r: CompanyResult): { name: string; detail: string; href: string } {
  const place = [r.headOffice.postcode, r.headOffice.commune].filter(Boolean).join(' ');
  const created = r.creationDate
    ? `créée le ${r.creationDate.slice(8, 10)}/${r.creationDate.slice(5, 7)}/${r.creationDate.slice(0, 4)}`
    : null;
  const detail = [r.naf?.label ?? r.naf?.code, place || null, created].filter(Boolean).join(' · ');
  return {
    name: r.name ?? 'Entrepreneur individuel (nom non diffusé)',
    detail,
    href: `${siteOrigin()}${r.url}`,
  };
}

function buildMail(
  to: string,
  search: { id: number; name: string; query: string; frequency: string },
  companies: CompanyResult[],
  more: number,
): MailMessage {
  const count = companies.length + more;
  const title =
    count === 1
      ? `Une nouvelle entreprise pour votre recherche « ${search.name} »`
      : `${count.toLocaleString('fr-FR')} nouvelles entreprises pour votre recherche « ${search.name} »`;
  const lines = companies.map(line);
  const results = savedSearchResultsUrl(search.query);
  const unsubscribe = savedSearchUnsubscribeUrl(search.id);
  const account = `${siteOrigin()}/mon-compte#searches`;
  const moreText =
    more > 0 ? `Et ${more.toLocaleString('fr-FR')} autre(s) : voir la recherche ${results}` : null;
  const text = [
    'Bonjour,',
    '',
    count === 1
      ? `Une nouvelle entreprise correspond à votre recherche enregistrée « ${search.name} » :`
      : `De nouvelles entreprises correspondent à votre recherche enregistrée « ${search.name} » :`,
    '',
    ...lines.map((l) => `- ${l.name}${l.detail ? ` (${l.detail})` : ''}\n  ${l.href}`),
    ...(moreText ? ['', moreText] : []),
    '',
    `Vos recherches enregistrées : ${account}`,
    '',
    `Ne plus recevoir ces e-mails pour cette recherche : ${unsubscribe}`,
  ].join('\n');
  const items = lines
    .map(
      (l) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(l.href)}"><strong>${escapeHtml(l.name)}</strong></a>${l.detail ? `<br>${escapeHtml(l.detail)}` : ''}</li>`,
    )
    .join('');
  const html = layoutHtml(
    title,
    [
      'Bonjour,',
      `De nouvelles entreprises correspondent à votre recherche enregistrée « ${search.name} ».`,
    ],
    { label: 'Voir la recherche', href: results },
  )
    .replace(
      '<p style="margin:24px 0">',
      `<ul style="padding-left:18px">${items}</ul>${moreText ? `<p>${escapeHtml(moreText)}</p>` : ''}<p style="margin:24px 0">`,
    )
    .replace(
      '</body>',
      `<p style="font-size:12px;color:#6b7280"><a href="${escapeHtml(account)}">Vos recherches enregistrées</a> · <a href="${escapeHtml(unsubscribe)}">Ne plus recevoir ces e-mails pour cette recherche</a></p></body>`,
    );
  return unsubscribableMail({ to, subject: title, text, html }, unsubscribe);
}

/**
 * Mails a saved search's matches not mailed yet, once; returns how many companies the mail
 * announced (0: nothing to send, or the search no longer mails).
 */
export async function sendSavedSearchMail(db: Db, id: number): Promise<number> {
  const found = await mailedRow(db, savedSearches, id);
  if (!found || found.row.frequency === 'none') return 0;
  const s = { s: found.row, email: found.email };
  const pending = await queryRows<Pending>(
    db,
    sql`SELECT c.*, m.id AS match_id FROM saved_search_matches m
      JOIN search_companies c ON c.siren = m.siren
      WHERE m.saved_search_id = ${id} AND m.mailed_at IS NULL
      ORDER BY m.id LIMIT ${MAX_MARKED}`,
  );
  if (pending.length === 0) return 0;
  const lastId = Math.max(...pending.map((p) => Number(p.match_id)));
  const mailId = `recherche.${id}.${lastId}`;
  await deliverOnce(db, mailId, () => {
    const shown = pending.slice(0, MAX_PER_MAIL).map((r) => companyResultOf(r, null, false));
    return buildMail(s.email, s.s, shown, pending.length - shown.length);
  });
  await db.execute(
    sql`UPDATE saved_search_matches SET mailed_at = now()
      WHERE saved_search_id = ${id} AND id <= ${lastId} AND mailed_at IS NULL`,
  );
  await db.execute(sql`UPDATE saved_searches SET last_mailed_at = now() WHERE id = ${id}`);
  return pending.length;
}
