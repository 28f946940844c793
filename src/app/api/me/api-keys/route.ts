import { createMyKey, listMyKeys } from '@/api-access/handlers';

export const dynamic = 'force-dynamic';

/** The user's API keys and their usage per day (/mon-compte, « API »). */
export function GET(req: Request) {
  return listMyKeys(req);
}

/** « Créer une clé » : the token is in this answer only. */
export function POST(req: Request) {
  return createMyKey(req);
}
