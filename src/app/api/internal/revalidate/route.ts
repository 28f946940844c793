import { createHash, timingSafeEqual } from 'node:crypto';
import { revalidatePath, revalidateTag } from 'next/cache';
import { z } from 'zod';
import { getEnv } from '@/config/env';
import { COMPANY_PAGES_TAG, companyPageTag } from '@/registry/cache';
import { CHANGE_LIST_MAX } from '@/registry/change-feed';

export const dynamic = 'force-dynamic';

const body = z.object({
  sirens: z
    .array(z.string().regex(/^\d{9}$/))
    .max(CHANGE_LIST_MAX)
    .nullable(),
});

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compared as SHA-256 digests: equal lengths whatever was sent (non-ASCII too), constant time. */
function authorised(req: Request): boolean {
  const expected = getEnv().INTERNAL_REVALIDATE_TOKEN;
  const given = req.headers.get('x-revalidate-token');
  if (!expected || !given) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Internal: the web server (scripts/serve.ts) asks Next.js to drop cached company pages after the
 * registry's change feed announced changes (src/registry/change-feed.ts). Only with the token
 * the server drew at start; anyone else gets the site's 404.
 */
export async function POST(req: Request) {
  if (!authorised(req)) return new Response('Not Found', { status: 404 });
  const parsed = body.safeParse(await req.json().catch(() => undefined));
  if (!parsed.success) return new Response('Bad Request', { status: 400 });
  const { sirens } = parsed.data;
  if (sirens === null) {
    revalidateTag(COMPANY_PAGES_TAG, { expire: 0 });
    revalidatePath('/entreprises/[siren]/[companyName]', 'page');
  } else for (const siren of sirens) revalidateTag(companyPageTag(siren), { expire: 0 });
  return new Response(null, { status: 204 });
}
