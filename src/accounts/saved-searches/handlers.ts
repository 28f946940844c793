import 'server-only';
import { getDb } from '@/db';
import type { Db } from '@/db/client';
import { failure, success } from '@/lib/errors';
import { overriddenMethod } from '@/lib/http/body';
import { read, responseOf, write } from '@/accounts/follow-handlers';
import { errorResponse, NO_STORE, respond } from '@/lib/http/answer';
import { guarded } from '@/accounts/http';
import { escapeHtml } from '@/accounts/mails';
import { checkSavedSearchSignature } from './mailer';
import {
  createSavedSearch,
  deleteSavedSearch,
  savedSearchesOf,
  stopSavedSearchMails,
  updateSavedSearch,
} from './store';

/**
 * The saved searches' routes. Reads need a session (401); writes the XSRF token (419), then a
 * session; another user's saved search answers 404 like a missing one. Route files only call these.
 */

const ok = <T>(value: T) => ({ ok: true as const, value });

/** GET /api/me/saved-searches */
export const getSavedSearches = (req: Request, db: Db = getDb()) =>
  responseOf(read(req, async (u, d) => ok(await savedSearchesOf(d, u.id)), db));

/** POST /api/me/saved-searches (body: name, query, frequency) */
export const postSavedSearch = (req: Request, db: Db = getDb()) =>
  responseOf(
    write(
      req,
      (u, f, d) =>
        createSavedSearch(d, u.id, { name: f.name, query: f.query, frequency: f.frequency }),
      db,
      true,
    ),
  );

/** PATCH /api/me/saved-searches/{id} (body: name, frequency) */
export const patchSavedSearch = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(
    write(
      req,
      (u, f, d) => updateSavedSearch(d, u.id, id, { name: f.name, frequency: f.frequency }),
      db,
    ),
  );

/** DELETE /api/me/saved-searches/{id} */
export const deleteOneSavedSearch = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(write(req, (u, _f, d) => deleteSavedSearch(d, u.id, id), db));

/** POST /api/me/saved-searches/{id}: only as a PATCH or DELETE override (plain forms). */
export const postOneSavedSearch = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(
    write(
      req,
      async (u, f, d) => {
        if (overriddenMethod(req, f) === 'DELETE') return deleteSavedSearch(d, u.id, id);
        return updateSavedSearch(d, u.id, id, { name: f.name, frequency: f.frequency });
      },
      db,
    ),
  );

const PAGE = (title: string, body: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:Arial,sans-serif;max-width:560px;margin:40px auto;padding:0 16px"><h1>${title}</h1>${body}</body></html>`;

const html = (text: string) =>
  new Response(text, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * /api/saved-searches/unsubscribe?recherche=…&jeton=…, the unsubscribe link of the saved
 * searches' mails, as the follow alerts' one: GET changes nothing (mail scanners follow links) and
 * shows a French page whose button posts; POST (that button, or the mail client's RFC 8058
 * one-click POST, without cookie nor XSRF token: the signature is the proof) stops the mails.
 */
export const unsubscribeSavedSearch = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const url = new URL(req.url);
    const raw = url.searchParams.get('recherche') ?? '';
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    const token = (url.searchParams.get('jeton') ?? '').slice(0, 100);
    if (!(id > 0 && id < 2 ** 31) || !checkSavedSearchSignature(id, token))
      return errorResponse(failure('NOT_FOUND', 'Ce lien de désinscription n’est pas valable.'));
    if (req.method !== 'POST') {
      const action = escapeHtml(`/api/saved-searches/unsubscribe?recherche=${id}&jeton=${token}`);
      return html(
        PAGE(
          'Ne plus recevoir ces e-mails',
          `<p>Vous ne recevrez plus d’e-mails pour cette recherche enregistrée. Confirmez-vous ?</p><form method="post" action="${action}"><button type="submit" style="padding:10px 18px;font-size:16px">Confirmer la désinscription</button></form><p>Vous pourrez les réactiver depuis <a href="/mon-compte#searches">votre compte</a>.</p>`,
        ),
      );
    }
    await stopSavedSearchMails(db, id);
    if ((req.headers.get('accept') ?? '').includes('text/html'))
      return html(
        PAGE(
          'E-mails désactivés',
          '<p>Vous ne recevrez plus d’e-mails pour cette recherche enregistrée. Vous pouvez les réactiver depuis <a href="/mon-compte#searches">votre compte</a>.</p>',
        ),
      );
    return respond(success({ unsubscribed: true }), { headers: NO_STORE });
  });
