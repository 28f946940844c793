import { confirmEmail } from '@/accounts/me-handlers';

export const dynamic = 'force-dynamic';

/** The link of the verification mail. */
export function GET(req: Request) {
  return confirmEmail(req);
}
