import { success } from '@/lib/errors';
import { issueChallenge } from '@/lib/captcha/server';
import { errorResponse, respond } from '@/lib/http/answer';
import { clientAddress } from '@/lib/http/client';
import { consume } from '@/lib/rate-limit';

export const dynamic = 'force-dynamic';

/** A fresh proof-of-work challenge for a form (src/lib/captcha). Never cached; rate-limited per address. */
export async function GET(req: Request) {
  const allowed = await consume('captcha-address', clientAddress(req));
  if (!allowed.ok) return errorResponse(allowed);
  return respond(success(await issueChallenge()), {
    headers: { 'Cache-Control': 'no-store' },
  });
}
