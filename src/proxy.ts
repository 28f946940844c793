import { NextResponse, type NextRequest } from 'next/server';
import { robotsFor } from '@/ui/frame/rules';

/** A company page: /entreprises/{siren}/{slug}. */
const COMPANY_PAGE = /^\/entreprises\/[^/]+\/[^/]+$/;
const ESTABLISHMENT_PARAMS = ['page_etablissements', 'etablissements'];

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

export const config = {
  // Pages only: not the API, Next's assets or files from public/.
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|.*\\.[a-z0-9]+$).*)'],
};
