/**
 * Test support only (never imported by the site): a browser-like client (cookie jar, XSRF header)
 * that calls the real route modules of src/app, the account routes and the orders and payments routes a signed-in
 * user calls, matched as Next.js would against the site's route table (src/server/routes.ts:
 * every key below is an entry of it, checked by the compiler), with the POST rewrites of
 * src/proxy.ts.
 */
import { siteOrigin } from '@/config/env';
import { issueChallenge } from '@/lib/captcha/server';
import { solveForTest } from '@/lib/captcha/testing';
import { byPrecedence, matchRoute, type Params, type RoutePattern } from '@/server/routes';
import * as csrfRoute from '@/app/(account)/sanctum/csrf-cookie/route';
import * as registerRoute from '@/app/api/account/register/route';
import * as loginRoute from '@/app/api/account/login/route';
import * as forgotRoute from '@/app/api/account/forgot-password/route';
import * as resetRoute from '@/app/(account)/reset-password/route';
import * as logoutRoute from '@/app/(account)/logout/route';
import * as confirmRoute from '@/app/(account)/verify-email/confirm/route';
import * as meRoute from '@/app/api/me/[[...id]]/route';
import * as sessionsRoute from '@/app/api/me/sessions/route';
import * as sessionRoute from '@/app/api/me/sessions/[id]/route';
import * as exportRoute from '@/app/api/me/export/route';
import * as eventsRoute from '@/app/api/me/events/route';
import * as unsubscribeRoute from '@/app/api/alerts/unsubscribe/route';
import * as savedSearchesRoute from '@/app/api/me/saved-searches/route';
import * as savedSearchRoute from '@/app/api/me/saved-searches/[id]/route';
import * as savedSearchUnsubscribeRoute from '@/app/api/saved-searches/unsubscribe/route';
import * as claimsRoute from '@/app/api/claims/route';
import * as claimRoute from '@/app/api/claims/[id]/route';
import * as claimVerifyRoute from '@/app/api/claims/[id]/verify/route';
import * as claimInfoRoute from '@/app/api/claims/[id]/info/route';
import * as ownerInfoRoute from '@/app/api/company/[siren]/owner-info/route';
import * as resendRoute from '@/app/api/me/verification-email/route';
import * as onboardingRoute from '@/app/api/onboarding/user-infos/route';
import * as followedRoute from '@/app/api/company/followed/route';
import * as listsRoute from '@/app/api/followed-lists/route';
import * as listRoute from '@/app/api/followed-lists/[id]/route';
import * as listCompaniesRoute from '@/app/api/followed-lists/[id]/companies/route';
import * as followRoute from '@/app/api/company/[siren]/follow/[[...listId]]/route';
import * as unfollowRoute from '@/app/api/company/[siren]/unfollow/route';
import * as unfollowListRoute from '@/app/api/company/unfollow-list/route';
import * as kindOrderRoute from '@/app/api/[kind]/[siren]/order/route';
import * as documentOrderRoute from '@/app/api/document/[documentId]/order/route';
import * as directorOrderRoute from '@/app/api/director-report/[siren]/order/[n]/route';
import * as ordersRoute from '@/app/api/orders/route';
import * as orderRoute from '@/app/api/orders/[id]/route';
import * as checkoutRoute from '@/app/api/orders/[id]/checkout/route';
import * as ordersExportRoute from '@/app/api/orders-exports/route';
import * as invoicesRoute from '@/app/api/invoices/route';
import * as invoiceRoute from '@/app/api/invoices/[id]/route';
import * as creditNoteRoute from '@/app/api/credit-notes/[id]/route';
import * as subscriptionRoute from '@/app/api/subscription/route';
import * as subscriptionCheckoutRoute from '@/app/api/subscription/checkout/route';
import * as subscriptionCancelRoute from '@/app/api/subscription/cancel/route';
import * as testPaymentRoute from '@/app/api/payments/test/[session]/route';
import * as downloadRoute from '@/app/(commerce)/orders/[id]/download/route';
import * as wordDownloadRoute from '@/app/(commerce)/orders/[id]/download/word/route';
import * as preOrderDownloadRoute from '@/app/(commerce)/pre-orders/[id]/download/route';
import * as contactRoute from '@/app/api/contact/route';
import * as oppositionRoute from '@/app/api/opposition/route';
import * as errorReportsRoute from '@/app/api/error-reports/route';
import * as errorReportRoute from '@/app/api/error-reports/[id]/route';
import * as webhookRoute from '@/app/api/payments/webhook/route';
import * as apiKeysRoute from '@/app/api/me/api-keys/route';
import * as apiKeyRoute from '@/app/api/me/api-keys/[id]/route';
import * as batchRoute from '@/app/api/companies/batch/route';
import * as enrichmentRoute from '@/app/api/companies/enrichment/route';

type RouteModule = Record<string, unknown>;

/** The route modules, keyed by their entry of the site's route table (src/server/routes.ts). */
const MODULES: Partial<Record<RoutePattern, RouteModule>> = {
  '/sanctum/csrf-cookie': csrfRoute,
  '/register': registerRoute,
  '/login': loginRoute,
  '/forgot-password': forgotRoute,
  '/reset-password': resetRoute,
  '/logout': logoutRoute,
  '/verify-email/confirm': confirmRoute,
  '/api/me/export': exportRoute,
  '/api/me/verification-email': resendRoute,
  '/api/me/events': eventsRoute,
  '/api/me/sessions': sessionsRoute,
  '/api/me/sessions/[id]': sessionRoute,
  '/api/me/api-keys': apiKeysRoute,
  '/api/me/api-keys/[id]': apiKeyRoute,
  // The public API's batch lookup and enrichment (src/api-access).
  '/api/companies/batch': batchRoute,
  '/api/companies/enrichment': enrichmentRoute,
  '/api/alerts/unsubscribe': unsubscribeRoute,
  '/api/me/saved-searches': savedSearchesRoute,
  '/api/me/saved-searches/[id]': savedSearchRoute,
  '/api/saved-searches/unsubscribe': savedSearchUnsubscribeRoute,
  '/api/me/[[...id]]': meRoute,
  '/api/onboarding/user-infos': onboardingRoute,
  '/api/company/followed': followedRoute,
  '/api/company/unfollow-list': unfollowListRoute,
  '/api/company/[siren]/follow/[[...listId]]': followRoute,
  '/api/company/[siren]/unfollow': unfollowRoute,
  '/api/followed-lists': listsRoute,
  '/api/claims': claimsRoute,
  '/api/claims/[id]/verify': claimVerifyRoute,
  '/api/claims/[id]/info': claimInfoRoute,
  '/api/claims/[id]': claimRoute,
  '/api/company/[siren]/owner-info': ownerInfoRoute,
  '/api/followed-lists/[id]/companies': listCompaniesRoute,
  '/api/followed-lists/[id]': listRoute,
  // Orders, downloads, invoices, credit notes and the subscription (src/orders, src/payments).
  '/api/orders': ordersRoute,
  '/api/orders-exports': ordersExportRoute,
  '/api/orders/[id]/checkout': checkoutRoute,
  '/api/orders/[id]': orderRoute,
  '/api/invoices': invoicesRoute,
  '/api/invoices/[id]': invoiceRoute,
  '/api/credit-notes/[id]': creditNoteRoute,
  '/api/subscription': subscriptionRoute,
  '/api/subscription/checkout': subscriptionCheckoutRoute,
  '/api/subscription/cancel': subscriptionCancelRoute,
  '/api/payments/test/[session]': testPaymentRoute,
  '/api/payments/webhook': webhookRoute,
  // The forms of a visitor without an account.
  '/api/contact': contactRoute,
  '/api/opposition': oppositionRoute,
  '/api/error-reports': errorReportsRoute,
  '/api/error-reports/[id]': errorReportRoute,
  '/orders/[id]/download/word': wordDownloadRoute,
  '/orders/[id]/download': downloadRoute,
  '/pre-orders/[id]/download': preOrderDownloadRoute,
  '/api/document/[documentId]/order': documentOrderRoute,
  '/api/director-report/[siren]/order/[n]': directorOrderRoute,
  '/api/[kind]/[siren]/order': kindOrderRoute,
};

/** The patterns, in Next's order. */
const PATTERNS = byPrecedence(Object.keys(MODULES));

export const BASE = 'http://localhost:3000';

/** Dispatches a request to the route module that Next.js would pick; 404/405 like Next. */
export async function dispatch(req: Request): Promise<Response> {
  const found = matchRoute(new URL(req.url).pathname, PATTERNS);
  if (found === 'bad') return new Response(null, { status: 400 });
  if (!found) return new Response(null, { status: 404 });
  const handler = MODULES[found.pattern as RoutePattern]![req.method] as
    ((r: Request, ctx: { params: Promise<Params> }) => Response | Promise<Response>) | undefined;
  if (!handler) return new Response(null, { status: 405 });
  return handler(req, { params: Promise.resolve(found.params) });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers freely
export type Answer = { status: number; body: any; headers: Headers };

/**
 * A browser: keeps cookies, sends the XSRF header, the Ajax marker and an Origin. The XSRF token is
 * bound to the session (src/accounts/csrf.ts): the client takes the new one the server sends with
 * a login or logout, and fetches a fresh one when its session cookie changed since it got its own.
 */
export class TestClient {
  cookies = new Map<string, string>();
  csrf = true;
  /**
   * A server to send the requests to over HTTP (src/server/testing.ts, `startFrontDoorServer`),
   * rather than calling the route modules in this process.
   */
  via: string | null = null;
  /** The session cookie the XSRF token was received with (undefined: not received here). */
  private csrfSession: string | null | undefined = undefined;

  private sessionCookie(): string | null {
    for (const [name, value] of this.cookies) if (name.endsWith('session_token')) return value;
    return null;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /**
   * The headers of this browser's JSON call when a test sends it by hand (`fetch` to a test
   * server): its cookies and origin, and but for GET its XSRF token and a JSON body's type.
   */
  jsonCallHeaders(method: string, origin = 'http://localhost:3000'): Record<string, string> {
    const headers: Record<string, string> = {
      cookie: this.cookieHeader(),
      accept: 'application/json',
      origin,
      'x-requested-with': 'XMLHttpRequest',
    };
    if (method !== 'GET') {
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
      headers['content-type'] = 'application/json';
    }
    return headers;
  }

  private keep(res: Response) {
    let gotToken = false;
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
      if (name === 'XSRF-TOKEN') gotToken = true;
    }
    if (gotToken) this.csrfSession = this.sessionCookie();
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    const stale = this.csrfSession !== undefined && this.csrfSession !== this.sessionCookie();
    if (this.csrf && method !== 'GET' && (!this.cookies.has('XSRF-TOKEN') || stale)) {
      await this.request('GET', '/sanctum/csrf-cookie');
    }
    const headers = new Headers({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      // The browser is on the site's public origin (SITE_URL); the server sees its own URL.
      Origin: siteOrigin(),
      ...extraHeaders,
    });
    const jar = this.cookieHeader();
    if (jar) headers.set('Cookie', jar);
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (this.csrf && xsrf && !headers.has('X-XSRF-TOKEN')) headers.set('X-XSRF-TOKEN', xsrf);
    let payload: string | undefined;
    if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = this.via
      ? await fetch(this.via + path, { method, headers, body: payload, redirect: 'manual' })
      : await dispatch(new Request(BASE + path, { method, headers, body: payload }));
    this.keep(res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** Signs up through `/register` (solved captcha): this browser is then signed in. */
  async register(email: string, password: string): Promise<void> {
    const r = await this.post('/register', { email, password, captcha: await solvedCaptcha() });
    if (r.status !== 201)
      throw new Error(`inscription de ${email} refusée : ${r.status} ${JSON.stringify(r.body)}`);
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body ?? {});
  delete = (path: string, body?: unknown) => this.request('DELETE', path, body);
}

export async function solvedCaptcha(): Promise<string> {
  // A small counter range: these tests are about the routes, not the proof of work (a real
  // challenge costs about 50,000 hashes; src/lib/captcha/captcha.test.ts keeps that).
  return solveForTest(await issueChallenge(Date.now(), 1_000));
}

/** The link of a mail's text that starts with `prefix` (path part). */
export function linkIn(text: string, pathPrefix: string): string {
  const m = text.match(new RegExp(`https?://[^\\s]+${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s]*`));
  if (!m) throw new Error(`no link ${pathPrefix} in:\n${text}`);
  return m[0];
}
