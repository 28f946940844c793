import { NextResponse, type NextRequest } from 'next/server';
import { robotsFor } from '@/ui/frame/rules';

/**
 * Hands the request path and query to the root layout (x-pathname, x-search), which builds the
 * canonical link and the per-path meta rules from them, and sends X-Robots-Tag on the pages
 * search engines must not index, whether or not the page exists yet.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const headers = new Headers(request.headers);
  headers.set('x-pathname', pathname);
  headers.set('x-search', search);
  const response = NextResponse.next({ request: { headers } });
  const robots = robotsFor(pathname);
  if (robots) response.headers.set('X-Robots-Tag', robots);
  return response;
}

export const config = {
  // Pages only: not the API, Next's assets or files from public/.
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|.*\\.[a-z0-9]+$).*)'],
};
