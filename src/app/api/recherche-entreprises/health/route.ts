import { adminResponse } from '@/drop-in/admin';

export const dynamic = 'force-dynamic';

/** The government's `/health`. */
export function GET(): Response {
  return adminResponse({ status: 200, body: { status: 'ok' } }, 0);
}
