import 'server-only';
import { getDb } from '@/db';
import type { Db } from '@/db/client';
import { failure, type Result, success } from '@/lib/errors';
import {
  type Answer,
  type ApiRequest,
  errorResponse,
  failureAnswer,
  NO_STORE,
  respond,
  resultAnswer,
  toResponse,
} from '@/lib/http/answer';
import { eventsOf } from './alerts/feed';
import { checkUnsubscribeSignature } from './alerts/mailer';
import { escapeHtml } from './mails';
import {
  addCompanies,
  createList,
  deleteList,
  disableAlerts,
  follow,
  followedCompaniesOf,
  getList,
  listsOf,
  removeCompanies,
  unfollow,
  updateList,
} from './follows';
import { guarded, guardedAnswer } from './http';
import { overriddenMethod, readFields, type Fields } from '@/lib/http/body';
import { checkCsrf, readSession, requireSession, type SessionUser } from './session';

/**
 * The routes of spec section 7 "Following". Reads need a session; writes need the XSRF token
 * first (419), then a session (401). Route files in src/app only call these.
 */
type Handler = (user: SessionUser, fields: Fields, db: Db) => Promise<Result<unknown>>;

/** A read: the session's user (401 without one), one call, its data or failure. */
export function read(
  req: ApiRequest,
  run: (user: SessionUser, db: Db) => Promise<Result<unknown>>,
  db: Db,
): Promise<Answer> {
  return guardedAnswer(async () => {
    const session = await readSession(req, db);
    if (!session) return failureAnswer(failure('UNAUTHENTICATED'));
    const r = await run(session.user, db);
    const cookies = session.refreshCookies;
    return resultAnswer(r, { headers: NO_STORE, cookies });
  });
}

/** A write: the XSRF token first (419), then the session (401), the fields, one call. */
export function write(req: ApiRequest, run: Handler, db: Db, created = false): Promise<Answer> {
  return guardedAnswer(async () => {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return failureAnswer(csrf);
    const session = await requireSession(req, db);
    if (!session.ok) return failureAnswer(session);
    const fields = await readFields(req);
    if (!fields.ok) return failureAnswer(fields);
    const r = await run(session.value.user, fields.value, db);
    const cookies = session.value.refreshCookies;
    return resultAnswer(r, { status: created ? 201 : 200, headers: NO_STORE, cookies });
  });
}

/** The `Response` of a handler's answer, for the Next route files. */
export const responseOf = (answer: Promise<Answer>): Promise<Response> => answer.then(toResponse);

const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** GET /api/company/followed */
export const getFollowed = (req: Request, db: Db = getDb()) =>
  responseOf(read(req, async (u, d) => ok(await followedCompaniesOf(d, u.id)), db));

/** GET /api/followed-lists */
export const getLists = (req: Request, db: Db = getDb()) =>
  responseOf(read(req, async (u, d) => ok(await listsOf(d, u.id)), db));

/** POST /api/followed-lists (body: name, optional alert_mode) */
export const postList = (req: Request, db: Db = getDb()) =>
  responseOf(
    write(
      req,
      (u, f, d) => createList(d, u.id, { name: f.name, alert_mode: f.alert_mode }),
      db,
      true,
    ),
  );

/** GET /api/followed-lists/{id} */
export const getOneList = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(read(req, (u, d) => getList(d, u.id, id), db));

/** DELETE /api/followed-lists/{id} */
export const deleteOneList = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(write(req, (u, _f, d) => deleteList(d, u.id, id), db));

/** PATCH /api/followed-lists/{id} (or POST with a PATCH override): rename, alert frequency. */
export const patchList = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(
    write(
      req,
      (u, f, d) => updateList(d, u.id, id, { name: f.name, alert_mode: f.alert_mode }),
      db,
    ),
  );

/** POST /api/followed-lists/{id}: only as a PATCH or DELETE override. */
export const postOneList = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(
    write(
      req,
      async (u, f, d) => {
        const method = overriddenMethod(req, f);
        if (method === 'DELETE') return deleteList(d, u.id, id);
        return updateList(d, u.id, id, { name: f.name, alert_mode: f.alert_mode });
      },
      db,
    ),
  );

/** POST|DELETE /api/followed-lists/{id}/companies (body: sirens) */
export const listCompanies = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(
    write(
      req,
      (u, f, d) =>
        overriddenMethod(req, f) === 'DELETE'
          ? removeCompanies(d, u.id, id, f.sirens)
          : addCompanies(d, u.id, id, f.sirens),
      db,
    ),
  );

/** POST /api/company/{siren}/follow[/{listId}] */
export const followCompany = (req: Request, siren: string, listId?: string, db: Db = getDb()) =>
  responseOf(write(req, (u, _f, d) => follow(d, u.id, siren, listId), db));

/** DELETE /api/company/{siren}/unfollow */
export const unfollowCompany = (req: Request, siren: string, db: Db = getDb()) =>
  responseOf(write(req, (u, _f, d) => unfollow(d, u.id, [siren]), db));

/** POST /api/company/unfollow-list (body: sirens) */
export const unfollowMany = (req: Request, db: Db = getDb()) =>
  responseOf(write(req, (u, f, d) => unfollow(d, u.id, f.sirens), db));

/** GET /api/me/events: the feed of changes of the followed companies. */
export const getEvents = (req: Request, db: Db = getDb()) =>
  responseOf(read(req, async (u, d) => ok(await eventsOf(d, u.id)), db));

const UNSUBSCRIBE_PAGE = (title: string, body: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:Arial,sans-serif;max-width:560px;margin:40px auto;padding:0 16px"><h1>${title}</h1>${body}</body></html>`;

const htmlAnswer = (html: string) =>
  new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * /api/alerts/unsubscribe?liste=…&jeton=…, the unsubscribe link of the alert mails. GET changes
 * nothing (mail scanners and link previews follow links): a French page whose button posts to the
 * same address. POST unsubscribes: the one-click unsubscribe of RFC 8058 (the mail client posts
 * `List-Unsubscribe=One-Click`, the mail's `List-Unsubscribe-Post`) or that button. The signed
 * token, per list, is the authority: no session, no XSRF token (a mail client has neither).
 */
export const unsubscribe = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const url = new URL(req.url);
    const listId = Number(url.searchParams.get('liste'));
    const token = (url.searchParams.get('jeton') ?? '').slice(0, 100);
    const valid =
      Number.isSafeInteger(listId) &&
      listId > 0 &&
      listId < 2 ** 31 &&
      checkUnsubscribeSignature(listId, token);
    if (!valid)
      return errorResponse(failure('NOT_FOUND', 'Ce lien de désinscription n’est pas valable.'));
    if (req.method !== 'POST') {
      const action = escapeHtml(`/api/alerts/unsubscribe?liste=${listId}&jeton=${token}`);
      return htmlAnswer(
        UNSUBSCRIBE_PAGE(
          'Ne plus recevoir ces alertes',
          `<p>Vous ne recevrez plus d’alertes par e-mail pour cette liste d’entreprises suivies. Confirmez-vous ?</p><form method="post" action="${action}"><button type="submit" style="padding:10px 18px;font-size:16px">Confirmer la désinscription</button></form><p>Vous pourrez les réactiver depuis <a href="/mon-compte#lists">votre compte</a>.</p>`,
        ),
      );
    }
    await disableAlerts(db, listId);
    // The page's button (a browser) gets a page; a mail client's one-click POST, JSON.
    if ((req.headers.get('accept') ?? '').includes('text/html'))
      return htmlAnswer(
        UNSUBSCRIBE_PAGE(
          'Alertes désactivées',
          '<p>Vous ne recevrez plus d’alertes par e-mail pour cette liste. Vous pouvez les réactiver depuis <a href="/mon-compte#lists">votre compte</a>.</p>',
        ),
      );
    return respond(success({ unsubscribed: true }), { headers: NO_STORE });
  });
