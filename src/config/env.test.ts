import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, parseEnv } from './env';
import { clusterRefusal } from './production';

const publisherSettings = {
  SELLER_NAME: 'Registre SA',
  SELLER_LEGAL_FORM: 'société anonyme',
  SELLER_CAPITAL: '100 000 CHF',
  SELLER_ADDRESS: '1 rue A, 1204 Genève, Suisse',
  SELLER_REGISTRATION: 'IDE CHE-123.456.789',
  SELLER_VAT_NUMBER: 'FR12345678901',
  PUBLICATION_DIRECTOR: 'Jeanne Martin',
  HOST_NAME: 'Hébergeur SAS',
  HOST_ADDRESS: '2 rue B, 75001 Paris',
  HOST_PHONE: '+33 1 23 45 67 89',
  IDENTITY_DOCUMENT_KEY: 'a'.repeat(64),
};

/** What else production requires (src/config/production.ts). */
const productionSettings = {
  ...publisherSettings,
  SITE_URL: 'https://www.registre.example',
  DATABASE_URL: 'postgres://registre@db.internal:5432/registre',
  STRIPE_SECRET_KEY: 'sk_live_0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
  SMTP_URL: 'smtp://smtp.internal:25',
  AUTH_SECRET: 'a'.repeat(32),
  CAPTCHA_SECRET: 'b'.repeat(32),
  OPPOSITION_LINK_SECRET: 'c'.repeat(32),
};

describe('parseEnv', () => {
  it('applies defaults for a bare environment', () => {
    const env = parseEnv({});
    expect(env.APP_ENV).toBe('local');
    expect(env.PORT).toBe(3000);
    expect(env.PGLITE_DIR).toBe('./.data/pglite');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each(['local', 'prod', 'test'])('accepts APP_ENV=%s', (value) => {
    const publisher = value === 'prod' ? productionSettings : {};
    expect(parseEnv({ APP_ENV: value, ...publisher }).APP_ENV).toBe(value);
  });

  it('refuses to run in production with the example publisher identity, naming what is missing', () => {
    const { HOST_PHONE: _phone, PUBLICATION_DIRECTOR: _director, ...partial } = productionSettings;
    expect(() => parseEnv({ APP_ENV: 'prod', ...partial })).toThrow(
      /Invalid environment variables: PUBLICATION_DIRECTOR, HOST_PHONE\n {2}PUBLICATION_DIRECTOR: obligatoire/,
    );
    expect(parseEnv({ APP_ENV: 'local' }).SELLER_ADDRESS).toContain('Genève');
  });

  it('refuses to run in production without the identity documents’ key, and a malformed key anywhere', () => {
    const { IDENTITY_DOCUMENT_KEY: _key, ...rest } = publisherSettings;
    expect(() => parseEnv({ APP_ENV: 'prod', ...rest })).toThrow(
      /IDENTITY_DOCUMENT_KEY: obligatoire en production \(32 octets en base64 ou en hexadécimal\) : chiffrement des pièces d’identité/,
    );
    expect(() => parseEnv({ IDENTITY_DOCUMENT_KEY: 'trop-court' })).toThrow(
      /IDENTITY_DOCUMENT_KEY/,
    );
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(parseEnv({ IDENTITY_DOCUMENT_KEY: b64 }).IDENTITY_DOCUMENT_KEY).toBe(b64);
  });

  it('refuses in production metrics open beyond loopback without a token, and a replica without its primary', () => {
    const open = { APP_ENV: 'prod', ...productionSettings, METRICS_PORT: '9100' };
    expect(parseEnv(open).METRICS_HOST).toBe('127.0.0.1');
    expect(() => parseEnv({ ...open, METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_TOKEN: obligatoire en production quand les métriques écoutent au-delà/,
    );
    expect(
      parseEnv({ ...open, METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'm'.repeat(32) }).METRICS_TOKEN,
    ).toBe('m'.repeat(32));
    expect(() => parseEnv({ METRICS_TOKEN: 'court' })).toThrow(/METRICS_TOKEN/);
    expect(() => parseEnv({ ...open, DATABASE_READ_URL: productionSettings.DATABASE_URL })).toThrow(
      /DATABASE_READ_URL: désigne la base principale/,
    );
  });

  it('refuses several processes on the embedded database or with rate limits in memory', () => {
    const pg = 'postgres://registre@db.internal:5432/registre';
    expect(clusterRefusal({}, 2)).toMatch(/^plusieurs processus demandent PostgreSQL/);
    expect(clusterRefusal({ DATABASE_URL: pg, RATE_LIMIT_STORE: 'memory' }, 2)).toMatch(
      /^RATE_LIMIT_STORE=memory ne convient pas/,
    );
    expect(clusterRefusal({ DATABASE_URL: pg }, 0)).toMatch(/--workers attend/);
    expect(clusterRefusal({ DATABASE_URL: pg, RATE_LIMIT_STORE: 'redis' }, 4)).toBeNull();
  });

  it('rejects an unknown APP_ENV and names the key', () => {
    expect(() => parseEnv({ APP_ENV: 'staging' })).toThrow(InvalidEnvironmentError);
    try {
      parseEnv({ APP_ENV: 'staging', PORT: 'abc' });
    } catch (e) {
      expect((e as Error).message).toMatch(/^Invalid environment variables/);
      expect((e as InvalidEnvironmentError).keys).toEqual(['APP_ENV', 'PORT']);
    }
  });

  it('rejects a DATABASE_URL that is not a PostgreSQL URL', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SENTRY_DSN: '' }).DATABASE_URL).toBeUndefined();
  });
});
