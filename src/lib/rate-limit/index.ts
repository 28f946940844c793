/**
 * Rate limits of the forms and of the routes that act for someone (login, captcha, opposition,
 * orders…), on rate-limiter-flexible. One named rule per use; a caller consumes a point for a key
 * (an address, an e-mail, an account) and gets a `Result`: RATE_LIMITED carries `retryAfterSeconds`
 * for the `Retry-After` header and a French message.
 *
 * Store (`RATE_LIMIT_STORE`): in memory for one process (the embedded default); Redis
 * (`REDIS_URL`) or the site's PostgreSQL database (table `rate_limits`) where several server
 * processes serve the site, so that they share the counts. Should the shared store fail, each
 * process falls back to its own memory (rate-limiter-flexible's insurance limiter) rather than
 * refusing everyone or letting everyone through.
 */
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { Redis } from 'ioredis';
import pg from 'pg';
import { getEnv } from '@/config/env';
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
  /**
   * Wrong passwords per account (e-mail) given with a solved captcha: slows password guessing on
   * one account. Requests without a valid captcha never count, so no one locks an account by
   * sending forms without solving them; a locked account still opens by a mailed magic link.
   */
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
  /**
   * Mails to an address not yet proved to be its user's (a sign-up's or a resent verification
   * link, an e-mail change's confirmation), per target address, whatever the account asking:
   * nobody mails a stranger at will. Counted where the mail is sent (src/accounts/auth.ts); no
   * correct password resets it.
   */
  'mail-unproven-address': {
    points: 3,
    durationSeconds: 24 * 60 * 60,
    message:
      'Plusieurs courriels ont déjà été envoyés aujourd’hui à cette adresse : ouvrez le lien reçu (pensez aux courriers indésirables), ou réessayez demain.',
  },
  /** E-mail changes asked per account; spent before the password is checked, never reset. */
  'email-change-user': {
    points: 5,
    durationSeconds: 24 * 60 * 60,
    message:
      'Vous avez demandé plusieurs changements d’adresse e-mail aujourd’hui : réessayez demain.',
  },
  /** Verification mails asked again per account (« Renvoyer le lien »). */
  'verification-user': {
    points: 3,
    durationSeconds: 60 * 60,
    message:
      'Le lien de vérification vous a déjà été envoyé plusieurs fois : ouvrez le dernier courriel reçu (pensez aux courriers indésirables), ou réessayez dans une heure.',
  },
  /** Captcha challenges per address: a person opens a few forms, a script thousands. */
  'captcha-address': {
    points: 30,
    durationSeconds: 10 * 60,
    message:
      'Trop de vérifications anti-robot demandées depuis votre adresse : patientez quelques minutes avant de recommencer.',
  },
  /** Opposition requests per address. */
  'opposition-address': {
    points: 5,
    durationSeconds: 60 * 60,
    message:
      "Trop de demandes d'opposition envoyées depuis votre adresse : patientez avant d'en envoyer une autre.",
  },
  /** Opposition requests per e-mail address of the requester. */
  'opposition-email': {
    points: 3,
    durationSeconds: 24 * 60 * 60,
    message:
      "Trop de demandes d'opposition pour cette adresse électronique aujourd'hui : confirmez celles déjà reçues par courriel, ou réessayez demain.",
  },
  /**
   * Opposition requests per e-mail domain: one person controlling a domain (any address @it) may
   * not flood the operators' review queue. High enough for the large webmail domains.
   */
  'opposition-email-domain': {
    points: 30,
    durationSeconds: 60 * 60,
    message:
      "Trop de demandes d'opposition envoyées depuis ce domaine de messagerie : réessayez dans une heure.",
  },
  /** Confirmation attempts per address (a forged link costs a point). */
  'opposition-confirm-address': {
    points: 20,
    durationSeconds: 60 * 60,
    message: 'Trop de tentatives de confirmation depuis votre adresse : réessayez plus tard.',
  },
  /** Company claims per address: each claim is a postal letter. */
  'claim-address': {
    points: 10,
    durationSeconds: 24 * 60 * 60,
    message:
      'Trop de demandes de propriété envoyées depuis votre adresse : chaque demande part par courrier postal, réessayez demain.',
  },
  /** Company claims per account (withdrawn ones count: a claim made is a letter drawn). */
  'claim-user': {
    points: 5,
    durationSeconds: 24 * 60 * 60,
    message:
      'Vous avez fait plusieurs demandes de propriété aujourd’hui : chaque demande part par courrier postal, réessayez demain.',
  },
  /**
   * Exports of results lists per address without an account (100 rows each). Sized for a person
   * refining a list (a few exports in a few minutes, an office sharing one address) over a short
   * window, so that a refusal never asks to wait more than 10 minutes.
   */
  'export-address': {
    points: 20,
    durationSeconds: 10 * 60,
    message:
      'Vous avez fait 20 exports en 10 minutes depuis votre adresse sans être connecté : patientez quelques minutes, ou connectez-vous (60 exports par 10 minutes, jusqu’à 10 000 lignes chacun).',
  },
  /** Exports of results lists per account (10,000 rows each). */
  'export-user': {
    points: 60,
    durationSeconds: 10 * 60,
    message:
      'Vous avez fait 60 exports en 10 minutes : patientez quelques minutes avant le suivant.',
  },
  /** Contact form messages per address: a person writes a few, a spammer many. */
  /** « Signaler une erreur » reports per client address. */
  'error-report-address': {
    points: 10,
    durationSeconds: 60 * 60,
    message: 'Vous avez envoyé plusieurs signalements en peu de temps : réessayez dans une heure.',
  },
  'contact-address': {
    points: 5,
    durationSeconds: 60 * 60,
    message:
      'Vous avez envoyé plusieurs messages en peu de temps : réessayez dans une heure ou écrivez-nous directement par e-mail.',
  },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export type RateLimitStore =
  { kind: 'memory' } | { kind: 'redis'; client: Redis } | { kind: 'postgres'; pool: pg.Pool };

/** Table of the PostgreSQL store (created by a migration, shape of rate-limiter-flexible). */
export const RATE_LIMIT_TABLE = 'rate_limits';

const state = globalThis as unknown as {
  __rateLimiters?: Map<string, RateLimiterAbstract>;
  __rateLimitStore?: RateLimitStore;
};
const limiters = (state.__rateLimiters ??= new Map());

function storeFromEnv(): RateLimitStore {
  const env = getEnv();
  const kind = env.RATE_LIMIT_STORE ?? (env.DATABASE_URL ? 'postgres' : 'memory');
  if (kind === 'redis') {
    if (!env.REDIS_URL) throw new Error('RATE_LIMIT_STORE=redis demande REDIS_URL');
    // No offline queue: with Redis down, calls fail at once and the insurance limiter answers.
    const client = new Redis(env.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    client.on('error', () => {});
    return { kind, client };
  }
  if (kind === 'postgres') {
    if (!env.DATABASE_URL) throw new Error('RATE_LIMIT_STORE=postgres demande DATABASE_URL');
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
    pool.on('error', () => {});
    return { kind, pool };
  }
  return { kind: 'memory' };
}

function currentStore(): RateLimitStore {
  return (state.__rateLimitStore ??= storeFromEnv());
}

/**
 * Opens the store now and, for Redis, waits (at most `timeoutMs`) until its connection is ready.
 * Without it, the calls made while the connection opens fail at once (no offline queue) and each
 * process's insurance limiter answers alone: a captcha solution spent on one process was then
 * accepted again by a process just started (bench/cluster.ts found it). The web server calls it
 * at start; `verifyCaptcha` before spending a solution.
 */
export async function rateLimitStoreReady(timeoutMs = 5000): Promise<void> {
  const store = currentStore();
  if (store.kind !== 'redis' || store.client.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    store.client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A limiter for a rule on a store (shared by the named rules and by other counters). */
export function createLimiter(
  keyPrefix: string,
  rule: Pick<RateLimitRule, 'points' | 'durationSeconds' | 'blockSeconds'>,
  store: RateLimitStore = currentStore(),
): RateLimiterAbstract {
  const base = {
    keyPrefix,
    points: rule.points,
    duration: rule.durationSeconds,
    blockDuration: rule.blockSeconds ?? 0,
  };
  if (store.kind === 'memory') return new RateLimiterMemory(base);
  const insuranceLimiter = new RateLimiterMemory(base);
  if (store.kind === 'redis')
    return new RateLimiterRedis({ ...base, storeClient: store.client, insuranceLimiter });
  return new RateLimiterPostgres({
    ...base,
    storeClient: store.pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    insuranceLimiter,
  });
}

function limiter(name: RateLimitName): RateLimiterAbstract {
  let l = limiters.get(name);
  if (!l) {
    l = createLimiter(`rl:${name}`, RATE_LIMITS[name]);
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

/** What a spending left: allowed or not, the points left and the seconds until the window resets. */
export type Spent = { allowed: boolean; remaining: number; resetSeconds: number };

/**
 * Spends `points` for `key` under a rule set at run time (the API quotas of src/api-access, whose
 * allowances come from the environment), on the same store as the named rules; the limiter is kept
 * per rule, so `resetAllRateLimits` drops it too. Says what is left, for the `RateLimit` header.
 */
export async function spend(
  prefix: string,
  rule: Pick<RateLimitRule, 'points' | 'durationSeconds'>,
  key: string,
  points = 1,
): Promise<Spent> {
  const id = `${prefix}:${rule.points}:${rule.durationSeconds}`;
  let l = limiters.get(id);
  if (!l) {
    l = createLimiter(`rl:${prefix}`, rule);
    limiters.set(id, l);
  }
  const resetOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  try {
    const res = await l.consume(key, points);
    return {
      allowed: true,
      remaining: res.remainingPoints,
      resetSeconds: resetOf(res.msBeforeNext),
    };
  } catch (e) {
    if (e instanceof RateLimiterRes)
      return { allowed: false, remaining: 0, resetSeconds: resetOf(e.msBeforeNext) };
    throw e;
  }
}

/**
 * Whether `key` may still spend under rule `name`, without spending: RATE_LIMITED (with the seconds
 * to wait) once its points are spent or while it is blocked. For counters spent only by some
 * outcomes (a wrong password after a solved captcha), checked before the attempt.
 */
export async function available(name: RateLimitName, key: string): Promise<Result<void>> {
  const res = await limiter(name).get(key);
  if (!res || res.consumedPoints < RATE_LIMITS[name].points) return success(undefined);
  return failure('RATE_LIMITED', RATE_LIMITS[name].message, {
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
}

/** Forgets a key's spent points (e.g. a successful login clears that account's failures). */
export async function reset(name: RateLimitName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

/**
 * For tests: drops every limiter (and so every in-memory count), and uses `store` from now on
 * (null: the store of the environment, built on next use).
 */
export function resetAllRateLimits(store: RateLimitStore | null = null): void {
  limiters.clear();
  state.__rateLimitStore = store ?? undefined;
}
