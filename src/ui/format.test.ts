import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('groups thousands with a narrow no-break space', () => {
    expect(formatCount(12345678)).toBe('12\u202f345\u202f678');
    expect(formatCount(1000)).toBe('1\u202f000');
  });

  it('leaves small numbers alone and rounds', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234.6)).toBe('1\u202f235');
  });
});
