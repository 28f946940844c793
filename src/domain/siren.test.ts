import { describe, expect, it } from 'vitest';
import {
  formatSiren,
  formatSiret,
  isValidSiren,
  isValidSiret,
  luhnValid,
  padSiren,
  parseSiren,
} from './siren';
import { vatKey, vatNumber } from './vat';

describe('siren', () => {
  it('pads to 9 digits and drops spaces', () => {
    expect(padSiren('5410220')).toBe('005410220');
    expect(padSiren('851 815 647')).toBe('851815647');
    expect(parseSiren(' 851 815 647 ')).toBe('851815647');
    expect(parseSiren('85181564A')).toBeNull();
    expect(parseSiren('1234567890')).toBeNull();
  });
  it('checks the Luhn key', () => {
    expect(isValidSiren('552032534')).toBe(true); // Danone
    expect(isValidSiren('552032535')).toBe(false);
    expect(luhnValid('88087814500015')).toBe(true);
  });
  it('accepts La Poste SIRETs by their digit sum', () => {
    expect(isValidSiret('35600000013016')).toBe(true);
    expect(isValidSiret('35600000013018')).toBe(false);
    expect(isValidSiret('88087814500015')).toBe(true);
    expect(isValidSiret('88087814500016')).toBe(false);
  });
  it('formats for display', () => {
    expect(formatSiren('851815647')).toBe('851 815 647');
    expect(formatSiret('88087814500015')).toBe('880 878 145 00015');
  });
});

describe('vat', () => {
  it('computes the French VAT key', () => {
    // Danone's published VAT number is FR27552032534.
    expect(vatKey('552032534')).toBe('27');
    expect(vatNumber('552032534')).toBe('FR27552032534');
    // La Poste: FR39356000000.
    expect(vatNumber('356000000')).toBe('FR39356000000');
  });
});
