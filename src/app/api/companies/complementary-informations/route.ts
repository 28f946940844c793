import { getDb } from '@/db/site';
import { errorResponse, PRIVATE_NO_STORE, respond } from '@/lib/http/answer';
import { complementaryInformations } from '@/orders/complementary';
import { readJson } from '@/lib/http/body';

export const dynamic = 'force-dynamic';

/**
 * POST /api/companies/complementary-informations { sirens: [...] } (or { siren }): the kinds that
 * can be ordered for the list's first company and their prices. POST because GET
 * /api/companies/{x} is answered by the registry API ahead of Next.js; it reads only, so no CSRF.
 */
export async function POST(req: Request) {
  const body = await readJson(req);
  if (!body.ok) return errorResponse(body);
  return respond(await complementaryInformations(getDb(), body.value), {
    headers: PRIVATE_NO_STORE,
  });
}
