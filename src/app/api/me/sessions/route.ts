import { listMySessions, revokeOtherSessions } from '@/accounts/session-handlers';

export const dynamic = 'force-dynamic';

/** The user's sessions (/mon-compte, « Sessions ouvertes »). */
export function GET(req: Request) {
  return listMySessions(req);
}

/** « Déconnecter toutes les autres sessions ». */
export function DELETE(req: Request) {
  return revokeOtherSessions(req);
}
