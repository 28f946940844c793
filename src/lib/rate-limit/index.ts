/**
 * Rate limits of the forms and of the routes that act for someone (login, captcha, opposition,
 * orders…), on rate-limiter-flexible. One named rule per use; a caller consumes a point for a key
 * (an address, an e-mail, an account) and gets a `Result`: RATE_LIMITED carries `retryAfterSeconds`
 * for the `Retry-After` header and a French message.
 *
 * Store: in memory (one process: the embedded default). Where several server processes serve the
 * site, the limits must be shared: see `rateLimitStore()`.
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { failure, success, type Result } from '@/lib/errors';

export type RateLimitRule = {
  /** Points a key may spend in `durationSeconds`. */
  points: number;
  durationSeconds: number;
  /** Once spent, the key is refused this long (default: until the window ends). */
  blockSeconds?: number;
  /** French message of the refusal. */
  message: string;
};

export const RATE_LIMITS = {
  /** Failed logins per account (e-mail): slows password guessing on one account. */
  'login-account': {
    points: 10,
    durationSeconds: 15 * 60,
    blockSeconds: 15 * 60,
    message:
      'Trop de tentatives de connexion pour ce compte : réessayez dans quelques minutes ou réinitialisez votre mot de passe.',
  },
  /** Failed logins per address: slows one client trying many accounts. */
  'login-address': {
    points: 30,
    durationSeconds: 15 * 60,
    blockSeconds: 15 * 60,
    message:
      'Trop de tentatives de connexion depuis votre adresse : réessayez dans quelques minutes.',
  },
  /** Contact form messages per address: a person writes a few, a spammer many. */
  'contact-address': {
    points: 5,
    durationSeconds: 60 * 60,
    message:
      'Vous avez envoyé plusieurs messages en peu de temps : réessayez dans une heure ou écrivez-nous directement par e-mail.',
  },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const state = globalThis as unknown as { __rateLimiters?: Map<string, RateLimiterAbstract> };
const limiters = (state.__rateLimiters ??= new Map());

function limiter(name: RateLimitName): RateLimiterAbstract {
  let l = limiters.get(name);
  if (!l) {
    const rule: RateLimitRule = RATE_LIMITS[name];
    l = new RateLimiterMemory({
      keyPrefix: `rl:${name}`,
      points: rule.points,
      duration: rule.durationSeconds,
      blockDuration: rule.blockSeconds ?? 0,
    });
    limiters.set(name, l);
  }
  return l;
}

/** Spends `points` for `key` under rule `name`: ok, or RATE_LIMITED with the seconds to wait. */
export async function consume(name: RateLimitName, key: string, points = 1): Promise<Result<void>> {
  try {
    await limiter(name).consume(key, points);
    return success(undefined);
  } catch (e) {
    if (e instanceof RateLimiterRes) {
      return failure('RATE_LIMITED', RATE_LIMITS[name].message, {
        retryAfterSeconds: Math.max(1, Math.ceil(e.msBeforeNext / 1000)),
      });
    }
    throw e;
  }
}

/** Forgets a key's spent points (e.g. a successful login clears that account's failures). */
export async function reset(name: RateLimitName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

/** For tests: drops every limiter (and so every count). */
export function resetAllRateLimits(): void {
  limiters.clear();
}
