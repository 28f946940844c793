/** Registrations (`company_registrations`): the Annuaire's view of the RNE and the raw formality. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { endOfExistence } from '../core/registrations';
import { rows, run, sample } from '../testing';
import { parseCapital } from './import';

let db: DbHandle;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

const registration = (siren: string, source: string) =>
  rows(
    db,
    `SELECT registration_date::text, strike_off_date::text, activity_start_date::text,
            capital_amount::float8 AS capital_amount, capital_currency, capital_variable,
            duration_years, closing_day_month, end_of_existence::text, natures
       FROM company_registrations WHERE siren = $1 AND source = $2`,
    [siren, source],
  );

describe('registrations', () => {
  it('reads the capital as the Annuaire prints it', () => {
    expect(parseCapital('5\u202f857\u202f785\u202f892 EUR (fixe)')).toEqual({
      amount: 5857785892,
      currency: 'EUR',
      variable: false,
    });
    expect(parseCapital('1 000,50 EUR (variable)')).toEqual({
      amount: 1000.5,
      currency: 'EUR',
      variable: true,
    });
    expect(parseCapital('inconnu')).toBeNull();
    expect(endOfExistence('2023-11-02', 99)).toBe('2122-11-01');
    expect(endOfExistence('2024-02-29', 1)).toBe('2025-02-28');
  });

  it('stores La Poste’s registration from the Annuaire’s view of the RNE', async () => {
    await run(db, 'rne-annuaire', sample('rne/annuaire-rne-356000000.json'));
    expect(await registration('356000000', 'rne-annuaire')).toEqual([
      {
        registration_date: '1992-03-19',
        strike_off_date: null,
        activity_start_date: '1991-01-01',
        capital_amount: 5857785892,
        capital_currency: 'EUR',
        capital_variable: false,
        duration_years: 99,
        closing_day_month: '3112',
        end_of_existence: '2089-12-31',
        natures: ['Commerciale'],
      },
    ]);
  });

  it('stores the registration of a raw RNE formality', async () => {
    await run(db, 'rne', sample('rne/company.json'));
    expect(await registration('980704894', 'rne')).toMatchObject([
      {
        registration_date: '2023-11-02',
        capital_amount: 1000,
        capital_variable: false,
        duration_years: 99,
        end_of_existence: '2122-11-01',
        natures: ['COMMERCIALE'],
      },
    ]);
  });
});
