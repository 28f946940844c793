import 'server-only';
import { getDb } from '@/db';
import type { Db } from '@/db/client';
import { clientAddress } from '@/lib/http/client';
import { consume } from '@/lib/rate-limit';
import {
  approvedOwnerInfo,
  claimsOf,
  createClaim,
  setOwnerInfo,
  verifyClaim,
  withdrawClaim,
} from './claims';
import { read, responseOf, write } from './follow-handlers';
import { overriddenMethod } from '@/lib/http/body';
import { NO_STORE, respond } from '@/lib/http/answer';
import { guarded } from './http';

const ok = <T>(value: T) => ({ ok: true as const, value });

/** GET /api/claims: the user's claims. */
export const getClaims = (req: Request, db: Db = getDb()) =>
  responseOf(read(req, async (u, d) => ok(await claimsOf(d, u.id)), db));

/**
 * POST /api/claims (siren, role). Each claim is a postal letter: limits per client address and
 * per account (429 with Retry-After), then at most a few pending claims per user and per company
 * and one per user and company (src/accounts/claims.ts).
 */
export const postClaim = (req: Request, db: Db = getDb()) =>
  responseOf(
    write(
      req,
      async (u, f, d) => {
        const byAddress = await consume('claim-address', clientAddress(req));
        if (!byAddress.ok) return byAddress;
        const byUser = await consume('claim-user', u.id);
        if (!byUser.ok) return byUser;
        return createClaim(d, u.id, { siren: f.siren, role: f.role });
      },
      db,
      true,
    ),
  );

/** POST /api/claims/{id}/verify (code) */
export const postClaimCode = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(write(req, (u, f, d) => verifyClaim(d, u.id, id, f.code), db));

/** DELETE /api/claims/{id} (or POST with a DELETE override): withdraws the claim. */
export const deleteClaim = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(
    write(
      req,
      async (u, f, d) =>
        req.method === 'DELETE' || overriddenMethod(req, f) === 'DELETE'
          ? withdrawClaim(d, u.id, id)
          : {
              ok: false as const,
              code: 'METHOD_NOT_ALLOWED' as const,
              message: 'Méthode refusée.',
            },
      db,
    ),
  );

/** POST /api/claims/{id}/info: the owner's information, for moderation. */
export const postOwnerInfo = (req: Request, id: string, db: Db = getDb()) =>
  responseOf(write(req, (u, f, d) => setOwnerInfo(d, u.id, id, f), db));

/** GET /api/company/{siren}/owner-info: public, loaded by the company page in the browser. */
export const getOwnerInfo = (_req: Request, siren: string, db: Db = getDb()) =>
  guarded(async () => {
    const r = await approvedOwnerInfo(db, siren);
    return respond(r, { headers: NO_STORE });
  });
