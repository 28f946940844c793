/**
 * The public API's gate, step 2 of the web server (src/server/site.ts), before the registry API's
 * fast path and Next.js, so both answer under the same limits: every call under `/api/companies/`,
 * `/api/directors/` and `/api/search/` is counted, per key when it carries one (`Authorization:
 * Bearer rg_live_…` or `X-Api-Key`), else per client address (the one rule, src/lib/http/client.ts).
 * Each answer carries `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers);
 * over a quota, 429 with `Retry-After`; a malformed, unknown or revoked key, 401. The counts live in
 * the site's rate-limit store (src/lib/rate-limit: memory, Redis or PostgreSQL).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getEnv } from '@/config/env';
import type { Db } from '@/db/client';
import { failure, failureBody, failureHeaders, statusOf, type Failure } from '@/lib/errors';
import { requestPath } from '@/lib/http/canonical-path';
import { clientAddress } from '@/lib/http/client';
import { spend } from '@/lib/rate-limit';
import { credentialOf, resolveKey } from './keys';
import {
  costOf,
  planOf,
  policyHeader,
  rateLimitHeader,
  type Plan,
  type PolicyState,
} from './plans';
import { countUsage } from './usage';

/** The search boxes' suggestions (src/public-api/suggestion-handlers.ts): site-only, limited apart. */
export const SUGGESTIONS_PATH = '/api/suggestions/companies';

/**
 * Suggestion calls a second per client address (`/api/suggestions/companies`, site-only): one
 * person typing sends at most ~7 (one per 150 ms pause, src/ui/search/SearchCombobox.tsx), so a
 * few people of one office typing at once stay under it; it is not counted in the public API's
 * quota, and the route answers 6 names and nothing else, so it is no way round that quota.
 */
export const SUGGESTIONS_RATE = 30;

/** The suggestions' own limit: true when refused (429 written). */
async function gateSuggestions(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const address = clientAddress({ headers: { get: (n) => one(req.headers[n]) ?? null } });
  const s = await spend(
    'site-suggestions',
    { points: SUGGESTIONS_RATE, durationSeconds: 1 },
    address,
  );
  if (s.allowed) return false;
  writeFailure(
    res,
    failure(
      'RATE_LIMITED',
      'Trop de suggestions demandées depuis votre adresse : patientez une seconde.',
      { retryAfterSeconds: s.resetSeconds },
    ),
  );
  return true;
}

/** The paths of the public registry and search API. */
const PUBLIC_PREFIXES = [
  '/api/companies/',
  '/api/directors/',
  '/api/search/',
  // The drop-in for the government's search API (src/drop-in/handlers.ts).
  '/api/recherche-entreprises/',
];

export function isPublicApiPath(pathname: string): boolean {
  return PUBLIC_PREFIXES.some((p) => pathname.startsWith(p));
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function writeFailure(res: ServerResponse, f: Failure, extra: Record<string, string> = {}) {
  res.statusCode = statusOf(f.code);
  for (const [k, v] of Object.entries({ ...failureHeaders(f), ...extra })) res.setHeader(k, v);
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(failureBody(f)));
}

function refusal(plan: Plan, state: PolicyState): Failure {
  const p = plan.policies.find((x) => x.name === state.name)!;
  const message =
    plan.id === 'anonyme'
      ? `Trop d’appels à l’API depuis votre adresse : ${p.points} par seconde au plus sans clé. Patientez une seconde, ou créez une clé d’API dans « Mon compte » pour un quota plus large.`
      : state.name === 'jour'
        ? `Le quota de votre clé d’API est épuisé pour aujourd’hui (${p.points.toLocaleString('fr-FR')} appels par 24 heures). Il se renouvelle dans ${Math.ceil(state.resetSeconds / 3600)} h.`
        : `Trop d’appels avec cette clé d’API : ${p.points} par seconde au plus. Patientez une seconde.`;
  return failure('RATE_LIMITED', message, { retryAfterSeconds: state.resetSeconds });
}

/**
 * Counts the call and sets its `RateLimit` headers; answers it (401 or 429) and returns true when
 * it may not go on. Any other request: false, nothing written.
 */
export async function gateApi(
  req: IncomingMessage,
  res: ServerResponse,
  db: () => Db,
): Promise<boolean> {
  // The path the front door let through, as Next.js routes it: never the raw request line's.
  const pathname = requestPath(req.url);
  if (req.method === 'OPTIONS') return false;
  const suggestions = pathname === SUGGESTIONS_PATH;
  if (!suggestions && !isPublicApiPath(pathname)) return false;
  const anonymousRate = getEnv().API_ANONYMOUS_RATE;
  if (anonymousRate === 0) return false;
  if (suggestions) return gateSuggestions(req, res);

  const token = credentialOf(one(req.headers.authorization), one(req.headers['x-api-key']));
  let plan: Plan;
  let partition: string;
  let keyId: string | null = null;
  if (token !== null) {
    const key = await resolveKey(db(), token.slice(0, 200));
    if (!key.ok) {
      writeFailure(res, key, { 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' });
      return true;
    }
    plan = planOf(key.value.plan);
    keyId = key.value.id;
    partition = `key:${keyId}`;
  } else {
    plan = planOf('anonyme', anonymousRate);
    partition = `addr:${clientAddress({ headers: { get: (n) => one(req.headers[n]) ?? null } })}`;
  }

  const cost = costOf(pathname);
  const states: PolicyState[] = [];
  let refused: PolicyState | null = null;
  for (const p of plan.policies) {
    const s = await spend(
      `api-${plan.id}-${p.name}`,
      { points: p.points, durationSeconds: p.windowSeconds },
      partition,
      cost,
    );
    const state = { name: p.name, remaining: s.remaining, resetSeconds: s.resetSeconds };
    states.push(state);
    if (!s.allowed) {
      refused = state;
      break;
    }
  }
  res.setHeader('RateLimit-Policy', policyHeader(plan));
  res.setHeader('RateLimit', rateLimitHeader(states));
  if (refused) {
    writeFailure(res, refusal(plan, refused));
    return true;
  }
  if (keyId) countUsage(db, keyId, cost);
  return false;
}
