import { success } from '@/lib/errors';
import { respond } from '@/lib/http/answer';
import { getHeaderStats } from '@/registry/stats';
import { soldHeaderStats } from '@/loaders/header-stats';

/**
 * The top bar's counters, fetched by the browser: the frame is static (served from the page
 * cache), so the figures cannot be rendered into it. Cached 5 minutes like the figures themselves
 * (spec section 9, data cache time).
 */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const stats = soldHeaderStats(await getHeaderStats());
  return respond(success(stats), {
    headers: {
      'Cache-Control': stats ? 'public, max-age=300' : 'no-store',
    },
  });
}
