import { z } from 'zod';
import { productionProblems } from './production';

/**
 * The one place that reads process.env. Everything else imports `env`.
 * Invalid settings abort start-up with 'Invalid environment variables' and the offending keys.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** A 32-byte key written in hex (64 characters) or base64 (44), or null. */
export function decodeKey32(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-f]{64}$/i.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(v)) return Buffer.from(v, 'base64');
  return null;
}

export const envSchema = z.object({
  APP_ENV: z.enum(['local', 'prod', 'test']).default('local'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** When set, the app runs on this PostgreSQL server; otherwise on embedded PGlite. */
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'doit commencer par postgres:// ou postgresql://')
      .optional(),
  ),
  /**
   * A streaming replica of DATABASE_URL (`postgres://…`): the registry's and search's reads (company
   * and director pages, the registry and search APIs, sitemaps) go there; everything a user writes
   * and reads back (accounts, follows, orders) stays on DATABASE_URL (src/db/site.ts).
   */
  DATABASE_READ_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'doit commencer par postgres:// ou postgresql://')
      .optional(),
  ),
  /**
   * A replica further behind the primary than this (seconds of replay) is left alone: its reads go
   * to the primary until it catches up (src/db/read-pool.ts).
   */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(1).max(86_400).default(30),
  /** Pool size; the embedded server takes one connection, so the supervisor sets 1. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * `on`: the site's hot reads (company profile) run as named prepared statements, planned once
   * per connection. `npm start` sets `off` for the embedded database.
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  PGLITE_DIR: z.preprocess(emptyToUndefined, z.string().default('./.data/pglite')),
  /**
   * Public origin of this variant of the site: the one source of every absolute link (mails, PDFs,
   * invoices, pages, Better Auth's base URL). Read at run time; no request header chooses a link's
   * host. Required, in https, when APP_ENV=prod.
   */
  SITE_URL: z.preprocess(emptyToUndefined, z.string().url().default('http://localhost:3000')),
  SENTRY_DSN: z.preprocess(emptyToUndefined, z.string().url().optional()),
  SENTRY_RELEASE: z.preprocess(emptyToUndefined, z.string().optional()),
  GTM_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/)
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `on`: the production server answers the registry API from a worker thread with its own pool
   * (src/server/registry-api-worker.ts); `off`: from the HTTP server's thread, sharing the site's
   * pool. `npm start` sets `off` for the embedded database, which serves one connection at a time.
   */
  REGISTRY_API_WORKER: z.enum(['on', 'off']).default('on'),
  /**
   * `on`: the production server listens to the registry's change feed (PostgreSQL NOTIFY from the
   * import CLI and the Sirene API poll) and drops the cached pages of changed companies at once.
   * `npm start` sets `off` for the embedded database, which serves one connection at a time.
   */
  REGISTRY_CHANGE_FEED: z.enum(['on', 'off']).default('on'),
  /** Drawn by the web server at start: authorises its calls to /api/internal/revalidate. */
  INTERNAL_REVALIDATE_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /** `off` makes the registry read models load from the database on every call (tests, benches). */
  REGISTRY_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * Key that signs captcha challenges (src/lib/captcha). Without it each process draws a random
   * key at start: set it when several processes serve the site, so any of them can check a
   * challenge another issued.
   */
  CAPTCHA_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'doit compter au moins 32 caractères').optional(),
  ),
  /**
   * Key that signs the confirmation links of opposition requests (src/opposition/link.ts). Without
   * it a random key is kept in `DATA_DIR/secrets/`: set it when servers on several machines serve
   * the site.
   */
  OPPOSITION_LINK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'doit compter au moins 32 caractères').optional(),
  ),
  /**
   * Key (32 bytes, in base64 or hex) that encrypts the identity documents of opposition requests
   * at rest (AES-256-GCM, src/opposition/identity-document.ts). Required when APP_ENV=prod;
   * elsewhere a random key is kept in `DATA_DIR/secrets/`.
   */
  IDENTITY_DOCUMENT_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => decodeKey32(v) !== null,
        'doit valoir 32 octets, en base64 (44 caractères) ou en hexadécimal (64 caractères)',
      )
      .optional(),
  ),
  /**
   * Where rate-limit counts live (src/lib/rate-limit): `memory` (one process: the embedded
   * default), `redis` (`REDIS_URL`) or `postgres` (the site's database). Several server processes
   * must share one store. Default: `postgres` with `DATABASE_URL`, else `memory`.
   */
  RATE_LIMIT_STORE: z.preprocess(
    emptyToUndefined,
    z.enum(['memory', 'redis', 'postgres']).optional(),
  ),
  /** Redis server of the shared rate limits (`redis://host:6379`), with RATE_LIMIT_STORE=redis. */
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'doit commencer par redis:// ou rediss://')
      .optional(),
  ),
  /**
   * Reverse proxies in front of the server that append to `X-Forwarded-For` (0: none, the client
   * is the socket's peer). Rate limits count per client address.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /**
   * Calls per second per client address to the public API without a key (src/api-access; the
   * Annuaire des Entreprises allows 7). 0 lifts every API limit: for benchmarks and the end-to-end
   * suite only, refused in production.
   */
  API_ANONYMOUS_RATE: z.coerce.number().int().min(0).max(10_000).default(7),
  /**
   * Key that signs sessions, CSRF tokens, magic tokens and unsubscribe links (src/accounts). Without
   * it a key is drawn once and kept in `DATA_DIR/auth-secret`; set it where several machines serve
   * the site.
   */
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'doit compter au moins 32 caractères').optional(),
  ),
  /** Tests only (APP_ENV=test): the step where an import kills itself (src/lib/kill-point.ts). */
  TEST_KILL_AT: z.preprocess(emptyToUndefined, z.enum(['copy', 'upsert', 'index']).optional()),
  /** Folder of the files the site writes (mails without SMTP, generated documents, invoices). */
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./.data')),
  /**
   * SMTP server of outgoing mail (`smtp://user:pass@host:port`, `smtps://…`). Without it each mail
   * is written as an .eml file under `DATA_DIR/mail` and its links are logged.
   */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'doit commencer par smtp:// ou smtps://')
      .optional(),
  ),
  /** Folder of the compiled content (Velite's output); tests point it at a folder of their own. */
  CONTENT_OUTPUT_DIR: z.preprocess(emptyToUndefined, z.string().default('.velite')),
  /** Where the contact form's messages are sent (support team). */
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.string().email().default('support@registre.fr')),
  /**
   * Contact of /.well-known/security.txt (RFC 9116): an e-mail address or an https:// URL.
   * Default: SUPPORT_EMAIL.
   */
  SECURITY_CONTACT: z.preprocess(
    emptyToUndefined,
    z.union([z.string().email(), z.string().url().startsWith('https://')]).optional(),
  ),
  /** Sender of the site's mails. */
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().default('Registre des entreprises <ne-pas-repondre@registre.localhost>'),
  ),
  /**
   * `on`: the web server works the job queue (mails, alerts, order fulfilment: src/jobs) in its
   * own process. `off` for a server that only serves pages while another process works the jobs.
   */
  JOBS_WORKER: z.enum(['on', 'off']).default('on'),
  /** How often the import CLI prints a plain progress line when not on a terminal. */
  INGEST_PROGRESS_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  /** Stripe secret key (`sk_…`). Without it the site runs the built-in test payment provider. */
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('sk_').optional()),
  /** `on`: a Stripe test key (`sk_test_…`) is accepted when APP_ENV=prod (a staging site). */
  STRIPE_ALLOW_TEST_KEY: z.enum(['on', 'off']).default('off'),
  /**
   * Secret that signs webhook events (`whsec_…`): Stripe's, or with the test provider the one it
   * signs its events with (drawn at start when unset).
   */
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  /** Monthly price of the subscription, EUR cents VAT included. */
  SUBSCRIPTION_PRICE_CENTS: z.coerce.number().int().min(1).default(2990),
  /** Documents that cost us per unit (Kbis, acts…) a subscriber gets each month. */
  SUBSCRIPTION_MONTHLY_QUOTA: z.coerce.number().int().min(0).default(10),
  /**
   * The company that publishes the site and sells its documents: the legal notice, the terms,
   * the invoices and the organisation's structured data read it from here (src/config/publisher.ts).
   * The defaults are examples, refused when APP_ENV=prod.
   */
  SELLER_NAME: z.preprocess(emptyToUndefined, z.string().default('Registre SA')),
  SELLER_LEGAL_FORM: z.preprocess(
    emptyToUndefined,
    z.string().default('société anonyme de droit suisse'),
  ),
  SELLER_CAPITAL: z.preprocess(emptyToUndefined, z.string().default('100 000 CHF')),
  SELLER_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.string().default('Rue du Rhône 1, 1204 Genève, Suisse'),
  ),
  /** Where the publisher is registered, with its number (a Swiss company: its IDE/UID number). */
  SELLER_REGISTRATION: z.preprocess(
    emptyToUndefined,
    z.string().default('IDE CHE-000.000.000, registre du commerce du canton de Genève'),
  ),
  SELLER_VAT_NUMBER: z.preprocess(emptyToUndefined, z.string().default('FR00000000000')),
  /** The publication director the law of 21 June 2004 (LCEN, article 6) requires to be named. */
  PUBLICATION_DIRECTOR: z.preprocess(emptyToUndefined, z.string().default('Claire Exemple')),
  /** The host of the site (LCEN, article 6): name, postal address and telephone number. */
  HOST_NAME: z.preprocess(emptyToUndefined, z.string().default('Hébergeur Exemple SAS')),
  HOST_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.string().default('1 place de l’Exemple, 75000 Paris, France'),
  ),
  HOST_PHONE: z.preprocess(emptyToUndefined, z.string().default('+33 1 00 00 00 00')),
  /**
   * Prometheus metrics (src/server/metrics.ts) on their own port, on METRICS_HOST (loopback by
   * default). Unset: no metrics port.
   */
  METRICS_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  /**
   * Bearer token of the metrics (`Authorization: Bearer …`): required on the metrics port when it
   * listens beyond loopback, and, when set, also opens `GET /metrics` on the site's port.
   */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'doit compter au moins 32 caractères').optional(),
  ),
  /**
   * Graceful shutdown (SIGTERM): how long `/readyz` answers 503 before the server stops accepting
   * connections, so that a load balancer takes it out first (0 by default: HAProxy retries a
   * refused connection on another server).
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * The front page cache's bound per process, in MB of gzipped pages (src/server/page-cache.ts):
   * 128 MB hold some 6,000 company pages.
   */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(0).max(65_536).default(128),
  /**
   * The V8 heap limit of each web process the supervisor starts (`--max-old-space-size`, MB;
   * 0: Node's default). Past it the process dies and scripts/start.ts starts it again
   * (docs/OPERATIONS.md).
   */
  SERVER_MAX_OLD_SPACE_MB: z.coerce.number().int().min(0).max(65_536).default(1536),
  /** Set by the supervisor: how many times this web process was restarted after dying. */
  SERVER_RESTARTS: z.coerce.number().int().min(0).default(0),
  /**
   * Page renders at once per process (src/server/render-queue.ts); the others wait in the front
   * door's queue or are refused with 503 when they could not be served in time.
   */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(2),
  /**
   * The time, in ms, a page request may take waiting for its render plus rendering, as the
   * render queue expects it: past it, 503 with Retry-After at once. A browser's navigation gets
   * twice this, a crawler half (src/server/render-queue.ts).
   */
  RENDER_BUDGET_MS: z.coerce.number().int().min(50).max(60_000).default(800),
  /** Graceful shutdown: the longest wait for requests and jobs in progress (10 s). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** INSEE Sirene API, for the daily-changes job (`npm run import -- sirene-api-poll`). */
  SIRENE_API_URL: z.preprocess(
    emptyToUndefined,
    z.string().url().default('https://api.insee.fr/api-sirene/3.11'),
  ),
  /** Key of the INSEE API portal (header X-INSEE-Api-Key-Integration); only the job needs it. */
  SIRENE_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * `on`: the job workers poll the Sirene API once a day (7 a.m. Paris) through the job queue
   * (src/ingest/schedule.ts). Off by default: a site without an INSEE key polls nothing.
   */
  SIRENE_DAILY_POLL: z.enum(['on', 'off']).default('off'),
  /**
   * `on`: the job workers download and import the labels' sources once a day (8 a.m. Paris,
   * src/ingest/labels-daily.ts). Off by default: the embedded default reaches no network.
   */
  LABEL_SOURCES_DAILY: z.enum(['on', 'off']).default('off'),
  /** A mirror of the labels' sources (`<base>/<source>/<file>`), instead of the producers. */
  LABEL_SOURCES_BASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** Bearer token of le marché de l'inclusion's API (its SIAE list); without it, skipped. */
  MARCHE_INCLUSION_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * VIES REST API of the European Commission, to check VAT numbers on the VAT certificate;
   * `off` prints every number as "non vérifié" without calling it.
   */
  VIES_URL: z.preprocess(
    emptyToUndefined,
    z
      .union([z.literal('off'), z.string().url()])
      .default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  ),
  /** How long the VAT certificate waits for VIES before printing "non vérifié". */
  VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  /** INPI's RNE API (filed deeds and accounts as PDF). Without credentials those kinds are unavailable. */
  INPI_API_URL: z.preprocess(
    emptyToUndefined,
    z.string().url().default('https://registre-national-entreprises.inpi.fr/api'),
  ),
  INPI_USERNAME: z.preprocess(emptyToUndefined, z.string().optional()),
  INPI_PASSWORD: z.preprocess(emptyToUndefined, z.string().optional()),
  INPI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /**
   * The court registries' document service (Infogreffe): Kbis, debt status, liens and pledges.
   * The address and key come with the contract signed with the upstream; without both, those
   * kinds are not sold here (src/documents/providers/configured.ts). Same for the two below.
   */
  INFOGREFFE_API_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  INFOGREFFE_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  INFOGREFFE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Banque de France (credit quotation, outstanding credit): OAuth2 client credentials. */
  BANQUE_DE_FRANCE_API_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  BANQUE_DE_FRANCE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  BANQUE_DE_FRANCE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  BANQUE_DE_FRANCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** AFDCC's diagnostic service: an API key. */
  AFDCC_API_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  AFDCC_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  AFDCC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /**
   * Customer reviews shown in the top bar, only when both are set: the score as the review site
   * publishes it (`4,6/5`) and the page that publishes it. None by default: no score is shown.
   */
  REVIEW_SCORE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d(?:,\d)?\/5$/, 'doit avoir la forme 4,6/5')
      .optional(),
  ),
  REVIEW_URL: z.preprocess(emptyToUndefined, z.string().url().startsWith('https://').optional()),
});

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
  constructor(
    public readonly keys: string[],
    details: string,
  ) {
    super(`Invalid environment variables: ${keys.join(', ')}\n${details}`);
    this.name = 'InvalidEnvironmentError';
  }
}

/**
 * The validated settings. Every invalid setting, and with APP_ENV=prod every missing or unsafe one
 * (src/config/production.ts), gives one line of the error: `  KEY: why`.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const lines = new Map<string, string>();
  if (!result.success) {
    for (const i of result.error.issues) {
      const key = i.path.join('.');
      if (!lines.has(key)) lines.set(key, i.message);
    }
  }
  if (source.APP_ENV === 'prod') {
    for (const p of productionProblems(source)) if (!lines.has(p.key)) lines.set(p.key, p.message);
  }
  if (lines.size || !result.success) {
    const keys = [...lines.keys()];
    const details = [...lines].map(([k, m]) => `  ${k}: ${m}`).join('\n');
    throw new InvalidEnvironmentError(keys, details);
  }
  // Unset outside production (where it is required), the public origin is this machine on the
  // server's own port, so `PORT=3001 npm start` links and trusts http://localhost:3001.
  if (!source.SITE_URL && result.data.APP_ENV !== 'prod')
    return { ...result.data, SITE_URL: `http://localhost:${result.data.PORT}` };
  return result.data;
}

let cached: Env | undefined;

/** Validated environment, read once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * The site's public origin (`https://host[:port]`, no trailing slash), from SITE_URL read at run
 * time: the host of every absolute link in mails, PDFs, invoices and pages. Never from a request.
 */
export function siteOrigin(): string {
  return new URL(getEnv().SITE_URL).origin;
}

/**
 * Defence in depth for what only serves development and tests (the test payment provider, mails
 * written to files): throws when APP_ENV=prod, even if a code path reached it despite the start-up
 * check (src/config/production.ts).
 */
export function refuseInProduction(what: string): void {
  if (getEnv().APP_ENV === 'prod') throw new ProductionRefusal(what);
}

export class ProductionRefusal extends Error {
  constructor(what: string) {
    super(`${what} ne fonctionne pas en production (APP_ENV=prod)`);
    this.name = 'ProductionRefusal';
  }
}

/** For tests that change `process.env`: the next `getEnv()` reads it again. */
export function resetEnvForTests(): void {
  cached = undefined;
}
