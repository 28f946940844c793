import { describe, expect, it } from 'vitest';
import { clean, date, isValidDate, timestamp } from './values';

describe('SIRENE values', () => {
  it('checks calendar dates', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2023-02-29')).toBe(false);
    expect(isValidDate('1900-02-29')).toBe(false);
    expect(isValidDate('2000-02-29')).toBe(true);
    expect(isValidDate('2024-04-31')).toBe(false);
    expect(isValidDate('2024-13-01')).toBe(false);
    expect(isValidDate('2024-1-01')).toBe(false);
    expect(isValidDate('20240101')).toBe(false);
  });
  it('reads INSEE timestamps and refuses impossible ones', () => {
    expect(timestamp('2024-03-22T15:40:57', 'x')).toBe('2024-03-22T15:40:57');
    expect(timestamp('2024-03-22 15:40:57.123', 'x')).toBe('2024-03-22T15:40:57.123');
    expect(timestamp('2024-03-22', 'x')).toBe('2024-03-22');
    expect(() => timestamp('2024-03-22T25:40:57', 'col')).toThrow(
      'horodatage invalide dans col : « 2024-03-22T25:40:57 »',
    );
    expect(() => timestamp('2024-02-30T10:00:00', 'col')).toThrow(/horodatage invalide/);
  });
  it('treats [ND] and empty as null', () => {
    expect(clean('[ND]')).toBeNull();
    expect(clean('')).toBeNull();
    expect(date('[ND]', 'x')).toBeNull();
    expect(() => date('2024-02-30', 'dateDebut')).toThrow(
      'date invalide dans dateDebut : « 2024-02-30 »',
    );
  });
});
