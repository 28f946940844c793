import { dataEnvelope } from '@/lib/api-envelope';
import { issueChallenge } from '@/lib/captcha/server';

export const dynamic = 'force-dynamic';

/** A fresh proof-of-work challenge for a form (src/lib/captcha). Never cached. */
export function GET() {
  return Response.json(dataEnvelope(issueChallenge()), {
    headers: { 'Cache-Control': 'no-store' },
  });
}
