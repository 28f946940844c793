import { getClaims, postClaim } from '@/accounts/claims-handlers';

export const dynamic = 'force-dynamic';

export function GET(req: Request) {
  return getClaims(req);
}

export function POST(req: Request) {
  return postClaim(req);
}
