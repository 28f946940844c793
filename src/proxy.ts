import { NextResponse, type NextRequest } from 'next/server';
import { robotsFor } from '@/ui/frame/rules';

/** A company page: /entreprises/{siren}/{slug}. */
const COMPANY_PAGE = /^\/entreprises\/[^/]+\/[^/]+$/;
const ACCOUNT_FORM_POSTS = new Set(['/register', '/login', '/forgot-password']);
export const ESTABLISHMENT_PARAMS = ['page_etablissements', 'etablissements'];

/**
 * Sends X-Robots-Tag on the pages search engines must not index, whether or not the page exists
 * yet, and sends a company page asked for with an establishments' page or filter to its dynamic
 * twin (`/entreprises/{siren}/{slug}/etablissements`): the company page itself is served from the
 * page cache, which cannot see the query. The address in the browser does not change.
 */
export function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  const robots = robotsFor(pathname);
  let response: NextResponse;
  if (request.method === 'POST' && ACCOUNT_FORM_POSTS.has(pathname)) {
    // The spec posts the account forms to the pages' own addresses; a folder cannot hold both a
    // page and a route handler, so the POST goes to the handler.
    const url = request.nextUrl.clone();
    url.pathname = `/api/account${pathname}`;
    return NextResponse.rewrite(url);
  }
  if (COMPANY_PAGE.test(pathname) && ESTABLISHMENT_PARAMS.some((p) => searchParams.has(p))) {
    const url = request.nextUrl.clone();
    url.pathname = `${pathname}/etablissements`;
    response = NextResponse.rewrite(url);
  } else {
    response = NextResponse.next();
  }
  if (robots) response.headers.set('X-Robots-Tag', robots);
  return response;
}

/**
 * Only the requests that need the proxy go through it: it costs a Request object and a sandboxed
 * call on every request it sees (about a third of a cached company page's server time). Next
 * needs the matcher as literals; a unit test checks it lists every no-index prefix of
 * src/ui/frame/rules.ts.
 */
export const config = {
  matcher: [
    '/mon-compte/:path*',
    '/paiement-securise/:path*',
    '/payment/:path*',
    '/successful-payment/:path*',
    '/login/:path*',
    '/register/:path*',
    '/commandes/:path*',
    '/forgot-password/:path*',
    '/password-reset/:path*',
    '/verify-email/:path*',
    { source: '/entreprises/:siren/:slug', has: [{ type: 'query', key: 'etablissements' }] },
    { source: '/entreprises/:siren/:slug', has: [{ type: 'query', key: 'page_etablissements' }] },
  ],
};
