import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, parseEnv } from './env';

describe('parseEnv', () => {
  it('applies defaults for a bare environment', () => {
    const env = parseEnv({});
    expect(env.APP_ENV).toBe('local');
    expect(env.PORT).toBe(3000);
    expect(env.PGLITE_DIR).toBe('./.data/pglite');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each(['local', 'prod', 'test'])('accepts APP_ENV=%s', (value) => {
    expect(parseEnv({ APP_ENV: value }).APP_ENV).toBe(value);
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
