/**
 * The public API's allowances (spec section 7; the Annuaire des Entreprises allows 7 calls per
 * second without a key): per client address without a key, per key with one, higher for a key
 * whose owner subscribes. Pure: the gate (gate.ts) spends them, the OpenAPI document and
 * /documentation-api print them, the `RateLimit` headers name them.
 */
import { getEnv } from '@/config/env';

export type PlanId = 'anonyme' | 'compte' | 'abonne';

/** One quota policy: `points` quota units per `windowSeconds`. */
export type Policy = { name: 'seconde' | 'jour'; points: number; windowSeconds: number };

export type Plan = { id: PlanId; label: string; policies: Policy[] };

/** Calls per second and per day of a key, free account and subscriber. */
export const KEY_ALLOWANCES = {
  compte: { perSecond: 20, perDay: 50_000 },
  abonne: { perSecond: 50, perDay: 1_000_000 },
} as const;

/** Quota units of a call: a batch lookup or an enrichment weighs more than one company. */
export const BATCH_COST = 5;

/**
 * SIRENs that batch lookups and enrichments may read per client address without a key: their
 * cost is the work they make, not one call (issue 36: one address sent a 1,000-SIREN batch a
 * second, each 7–8 s of work on the embedded database). 1,000 per 5 minutes is 3.3 a second on
 * average, under the 7 single lookups a second the same address may make. A key's batches spend
 * its own quota (BATCH_COST per call).
 */
export const ANONYMOUS_BATCH_SIRENS = { points: 1000, windowSeconds: 300 } as const;

export function planOf(id: PlanId, anonymousRate = getEnv().API_ANONYMOUS_RATE): Plan {
  if (id === 'anonyme')
    return {
      id,
      label: 'Sans clé (par adresse)',
      policies: [{ name: 'seconde', points: anonymousRate, windowSeconds: 1 }],
    };
  const a = KEY_ALLOWANCES[id];
  return {
    id,
    label: id === 'abonne' ? 'Clé d’un abonné' : 'Clé d’un compte gratuit',
    policies: [
      { name: 'seconde', points: a.perSecond, windowSeconds: 1 },
      { name: 'jour', points: a.perDay, windowSeconds: 86_400 },
    ],
  };
}

/** The quota units a call costs, by its path. */
export function costOf(pathname: string): number {
  return pathname === '/api/companies/batch' || pathname === '/api/companies/enrichment'
    ? BATCH_COST
    : 1;
}

/**
 * `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers, structured-field list):
 * `"seconde";q=7;w=1` or `"seconde";q=20;w=1, "jour";q=50000;w=86400`.
 */
export function policyHeader(plan: Plan): string {
  return plan.policies.map((p) => `"${p.name}";q=${p.points};w=${p.windowSeconds}`).join(', ');
}

export type PolicyState = { name: Policy['name']; remaining: number; resetSeconds: number };

/** `RateLimit`: what is left of each policy, `"seconde";r=6;t=1`. */
export function rateLimitHeader(states: PolicyState[]): string {
  return states.map((s) => `"${s.name}";r=${s.remaining};t=${s.resetSeconds}`).join(', ');
}
