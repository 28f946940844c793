/**
 * `APP_ENV=prod` with only the publisher's settings used to start: test payments on card 4242,
 * mails written to files with their links in the logs, keys drawn per machine, links to
 * localhost. Replayed here by starting the real entry points (scripts/serve.ts, the web server
 * `npm start` runs, and scripts/start.ts, the supervisor) with such an environment: they must exit
 * with a non-zero code, one line per missing or unsafe setting, before listening. The same check
 * passes a complete production environment, and the test payment provider and file mail refuse
 * to run under APP_ENV=prod even when reached directly (defence in depth).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv, resetEnvForTests } from '@/config/env';
import type { Db } from '@/db/client';
import { writeMailFile } from '@/mail/transport';
import { payTestCheckout, testProvider, viewTestCheckout } from '@/payments/test-provider';
import { payInTestMode } from '@/payments/test-checkout';
import { compiledEntry } from '@/testing/compiled-entry';

const publisher = {
  SELLER_NAME: 'Registre SA',
  SELLER_LEGAL_FORM: 'société anonyme de droit suisse',
  SELLER_CAPITAL: '100 000 CHF',
  SELLER_ADDRESS: 'Rue du Rhône 1, 1204 Genève, Suisse',
  SELLER_REGISTRATION: 'IDE CHE-123.456.789, registre du commerce du canton de Genève',
  SELLER_VAT_NUMBER: 'FR12345678901',
  PUBLICATION_DIRECTOR: 'Jeanne Martin',
  HOST_NAME: 'Hébergeur SAS',
  HOST_ADDRESS: '2 rue B, 75001 Paris, France',
  HOST_PHONE: '+33 1 23 45 67 89',
};

const complete = {
  APP_ENV: 'prod',
  ...publisher,
  SITE_URL: 'https://www.registre.example',
  DATABASE_URL: 'postgres://registre@db.internal:5432/registre',
  STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef0123',
  SMTP_URL: 'smtps://mailer:secret@smtp.registre.example:465',
  AUTH_SECRET: 'a'.repeat(40),
  CAPTCHA_SECRET: 'b'.repeat(40),
  OPPOSITION_LINK_SECRET: 'c'.repeat(40),
  IDENTITY_DOCUMENT_KEY: 'd'.repeat(64),
  RATE_LIMIT_STORE: 'redis',
  REDIS_URL: 'redis://cache.internal:6379',
};

const REQUIRED = [
  'SITE_URL',
  'DATABASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'AUTH_SECRET',
  'CAPTCHA_SECRET',
  'OPPOSITION_LINK_SECRET',
  'IDENTITY_DOCUMENT_KEY',
  'RATE_LIMIT_STORE',
];

/** The environment a test run has, less every setting of the site. */
function bareEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));
}

function run(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, args, {
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

// The web server compiled, as production runs it (`.next/registre/serve.mjs`): its check runs
// before any of its own code (the packages it imports are loaded first) and exits. The supervisor
// from its source through tsx, as `npm start` runs it.
let serve: string[];
const start = ['--import', 'tsx', path.resolve('scripts/start.ts')];
beforeAll(async () => {
  serve = [await compiledEntry('scripts/serve.ts')];
});

/** The lines `  KEY: why` of the refusal. */
function lineKeys(out: string): string[] {
  return [...out.matchAll(/^ {2}([A-Z_]+): .+$/gm)].map((m) => m[1]!);
}

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  resetEnvForTests();
});
afterAll(() => resetEnvForTests());

describe('a production start with unsafe settings is refused', () => {
  it('the web server (scripts/serve.ts) exits ≠ 0 with one line per missing setting', async () => {
    const { code, out } = await run(serve, { ...bareEnv(), APP_ENV: 'prod', ...publisher });
    expect(code).not.toBe(0);
    const keys = lineKeys(out);
    expect(keys.sort()).toEqual([...REQUIRED].sort());
    expect(out).not.toMatch(/site servi sur/);
  }, 120_000);

  it('the supervisor (npm start) refuses the same, before any database starts', async () => {
    const { code, out } = await run(start, { ...bareEnv(), APP_ENV: 'prod', ...publisher });
    expect(code).not.toBe(0);
    expect(lineKeys(out).sort()).toEqual([...REQUIRED].sort());
    // Nothing ran: no `[start] …` line (embedded database, migrations, build).
    expect(out).not.toMatch(/\[start\]/);
  }, 120_000);

  it('names unsafe values: http or localhost SITE_URL, a test Stripe key, memory rate limits, example identifiers', () => {
    const unsafe = {
      ...complete,
      SITE_URL: 'http://localhost:3000',
      STRIPE_SECRET_KEY: 'sk_test_0123456789',
      RATE_LIMIT_STORE: 'memory',
      SELLER_REGISTRATION: 'IDE CHE-000.000.000, registre du commerce du canton de Genève',
      SELLER_VAT_NUMBER: 'FR00000000000',
    };
    let message = '';
    try {
      parseEnv(unsafe);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(lineKeys(message)).toEqual([
      'SITE_URL',
      'STRIPE_SECRET_KEY',
      'RATE_LIMIT_STORE',
      'SELLER_REGISTRATION',
      'SELLER_VAT_NUMBER',
    ]);
    expect(() => parseEnv({ ...complete, SITE_URL: 'https://localhost' })).toThrow(/SITE_URL/);
    // The public API without any limit (the benches' setting).
    expect(() => parseEnv({ ...complete, API_ANONYMOUS_RATE: '0' })).toThrow(/API_ANONYMOUS_RATE/);
    // A staging site may use Stripe's test mode, when it says so.
    expect(() =>
      parseEnv({ ...complete, STRIPE_SECRET_KEY: 'sk_test_0123', STRIPE_ALLOW_TEST_KEY: 'on' }),
    ).not.toThrow();
  });

  it('passes a complete production environment', () => {
    expect(parseEnv(complete).APP_ENV).toBe('prod');
    // The default rate-limit store with DATABASE_URL is PostgreSQL: shared, accepted.
    const { RATE_LIMIT_STORE: _s, REDIS_URL: _r, ...postgres } = complete;
    expect(parseEnv(postgres).DATABASE_URL).toBe(complete.DATABASE_URL);
  });
});

describe('development conveniences refuse to run in production', () => {
  const noDb = {} as Db;
  const prod = () => {
    Object.assign(process.env, complete);
    resetEnvForTests();
  };

  it('the test payment provider throws, and its payment page answers 404', async () => {
    prod();
    expect(() => testProvider(noDb)).toThrow(/production/);
    await expect(
      payTestCheckout(noDb, 'cs_test_000000000000000000000000', 'u1', '4242424242424242'),
    ).rejects.toThrow(/production/);
    expect(await viewTestCheckout(noDb, 'cs_test_0', 'u1')).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await payInTestMode(noDb, 'u1', 'cs_test_0', { card: '4242424242424242' }, ''),
    ).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('mail is never written to a file with its links logged', async () => {
    prod();
    await expect(
      writeMailFile({ to: 'x@exemple.fr', subject: 's', text: 'https://x/password-reset/t' }),
    ).rejects.toThrow(/production/);
  });
});
