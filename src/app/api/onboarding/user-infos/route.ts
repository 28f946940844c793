import { onboarding } from '@/accounts/me-handlers';

export const dynamic = 'force-dynamic';

export function POST(req: Request) {
  return onboarding(req);
}

export function PATCH(req: Request) {
  return onboarding(req);
}
