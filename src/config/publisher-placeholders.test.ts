import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from './env';
import { publisher, sellerLines } from './publisher';

afterEach(() => {
  delete process.env.SELLER_REGISTRATION;
  delete process.env.SELLER_VAT_NUMBER;
  resetEnvForTests();
});

describe('example publisher identifiers outside production', () => {
  it('prints CHE-000.000.000 and FR00000000000 marked « exemple »', () => {
    process.env.SELLER_REGISTRATION = 'IDE CHE-000.000.000';
    process.env.SELLER_VAT_NUMBER = 'FR00000000000';
    resetEnvForTests();
    expect(sellerLines()[2]).toBe('IDE CHE-000.000.000 (exemple) — TVA FR00000000000 (exemple)');
  });

  it('prints real identifiers as they are', () => {
    process.env.SELLER_REGISTRATION = 'IDE CHE-123.456.789';
    process.env.SELLER_VAT_NUMBER = 'FR12123456789';
    resetEnvForTests();
    expect(publisher()).toMatchObject({
      registration: 'IDE CHE-123.456.789',
      vatNumber: 'FR12123456789',
    });
  });
});
