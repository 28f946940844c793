import { securityTxt } from '@/seo/security-txt';

/** Per request: its URLs follow SITE_URL and its Expires date moves with the clock. */
export const dynamic = 'force-dynamic';

export function GET() {
  return new Response(securityTxt(), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    },
  });
}
