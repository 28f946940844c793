import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatEuros,
  formatLongDate,
  formatPercent,
  formatSirenText,
  frenchText,
  NBSP,
} from './format';

const n = (s: string) => s.replace(/\u00a0/g, '~');

describe('French typography', () => {
  it('puts a no-break space before : ; ! ? and %, and leaves URLs and times alone', () => {
    expect(n(frenchText('Source: INSEE ; vraiment ? Oui! 12%'))).toBe(
      'Source~: INSEE~; vraiment~? Oui~! 12~%',
    );
    expect(frenchText('https://data.inpi.fr à 10:30')).toBe('https://data.inpi.fr à 10:30');
    expect(n(frenchText('« Bon pour pouvoir »'))).toBe('«~Bon pour pouvoir~»');
  });

  it('groups thousands and writes euros, percentages, dates and SIRENs the French way', () => {
    expect(n(formatEuros(1234567))).toBe('1~234~567~€');
    // To the cent, as the company page prints a capital (170 348 620,75 €, not 170 348 621 €).
    expect(n(formatEuros(-3400.4))).toBe('-3~400,40~€');
    expect(n(formatEuros(170348620.75))).toBe('170~348~620,75~€');
    expect(n(formatEuros(-3400))).toBe('-3~400~€');
    expect(n(formatPercent(12.345))).toBe('12,3~%');
    expect(n(formatLongDate('2026-11-24'))).toBe('24~novembre~2026');
    expect(n(formatLongDate('2026-03-01'))).toBe('1er~mars~2026');
    expect(formatSirenText('552032534')).toBe(`552${NBSP}032${NBSP}534`);
    expect(n(formatDateTime(new Date('2026-11-24T09:05:00Z')))).toBe('24~novembre~2026 à 10~h~05');
  });
});
