import { describe, expect, it } from 'vitest';
import {
  birthMonthYear,
  isAddressHidden,
  isNameHidden,
  maskAddress,
  parseDiffusion,
} from './diffusion';
import {
  legalFormCodeFromText,
  legalFormLabel,
  directorRoleLabel,
  headcountBandLabel,
} from './legal-forms';
import { personKey } from './person';

describe('diffusion', () => {
  it('parses statuses', () => {
    expect(parseDiffusion('O')).toBe('O');
    expect(parseDiffusion('P')).toBe('P');
    expect(parseDiffusion('N')).toBe('P');
    expect(parseDiffusion('X')).toBeNull();
  });
  it('hides a natural person name only under partial diffusion', () => {
    expect(isNameHidden('P', true)).toBe(true);
    expect(isNameHidden('P', false)).toBe(false);
    expect(isNameHidden('O', true)).toBe(false);
    expect(isAddressHidden('P')).toBe(true);
  });
  it('keeps the commune only', () => {
    const masked = maskAddress({
      addressNumber: '12',
      addressRepetition: 'B',
      addressStreetType: 'RUE',
      addressStreet: 'DE LA PAIX',
      addressComplement: 'BAT A',
      addressPostBox: 'BP 1',
      postcode: '75002',
      communeCode: '75102',
      communeName: 'PARIS 2',
      cedex: null,
      foreignCity: null,
      foreignCountry: null,
    });
    expect(masked.addressStreet).toBeNull();
    expect(masked.postcode).toBeNull();
    expect(masked.communeName).toBe('PARIS 2');
    expect(masked.communeCode).toBe('75102');
  });
  it('reduces birth dates to month and year', () => {
    expect(birthMonthYear('1987-09-14')).toEqual({ year: 1987, month: 9 });
    expect(birthMonthYear('1990-02')).toEqual({ year: 1990, month: 2 });
    expect(birthMonthYear('1990')).toEqual({ year: 1990, month: null });
    expect(birthMonthYear('n/a')).toBeNull();
  });
});

describe('code tables', () => {
  it('labels legal forms, bands and roles', () => {
    expect(legalFormLabel('5710')).toBe('SAS, société par actions simplifiée');
    expect(headcountBandLabel('12')).toBe('20 à 49 salariés');
    expect(directorRoleLabel('73')).toBe('Président de SAS');
  });
  it('maps BODACC legal form wording to INSEE codes', () => {
    expect(legalFormCodeFromText('Société par actions simplifiée')).toBe('5710');
    expect(legalFormCodeFromText('Société par actions simplifiée (à associé unique)')).toBe('5720');
    expect(legalFormCodeFromText('Société à responsabilité limitée')).toBe('5499');
    expect(legalFormCodeFromText('Société civile immobilière')).toBe('6540');
    expect(legalFormCodeFromText('Fondation')).toBeNull();
  });
  it('builds a person key without the birth day', () => {
    expect(personKey('Dost', 'Sébastien Guy', 1980, 3)).toBe('DOST|SEBASTIEN|1980-03');
  });
});
