import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FinancialYear } from '@/registry/finances';
import { FinanceChart } from './FinanceChart';

const year = (fiscalYear: number, revenue: number, netResult: number) =>
  ({ fiscalYear, revenue, netResult, series: 'company' }) as FinancialYear;

const labels = (html: string) => [...html.matchAll(/aria-label="([^"]+)"/g)].map((m) => m[1]);

describe('finance chart', () => {
  it('reads « en 2024 » for a single year, never « de 2024 à 2024 »', () => {
    const html = renderToStaticMarkup(<FinanceChart years={[year(2024, 1000, 100)]} />);
    expect(html).not.toMatch(/de 2024 à 2024/);
    expect(labels(html)).toContain(
      'Chiffre d’affaires et résultat net en 2024 ; les valeurs sont dans le tableau ci-dessous.',
    );
  });

  it('reads « de 2020 à 2024 » for several years', () => {
    const html = renderToStaticMarkup(
      <FinanceChart years={[2024, 2023, 2022, 2021, 2020].map((y) => year(y, 1000, -5))} />,
    );
    expect(labels(html)[0]).toMatch(/de 2020 à 2024/);
  });

  it('draws a phone version whose labels print at 13 units in a viewBox a phone column fits', () => {
    const years = Array.from({ length: 10 }, (_, i) => year(2024 - i, 1000 + i, 10));
    const html = renderToStaticMarkup(<FinanceChart years={years} />);
    const svgs = [...html.matchAll(/<svg[^>]*viewBox="0 0 (\d+) (\d+)"[\s\S]*?<\/svg>/g)];
    expect(svgs).toHaveLength(2);
    const narrow = svgs.find((m) => Number(m[1]) <= 360)!;
    // At 324 px wide the scale is at least 0.95: 13-unit labels print at 12 px or more.
    expect(324 / Number(narrow[1])).toBeGreaterThan(0.95);
    expect(Number(narrow[2]) / Number(narrow[1])).toBeGreaterThan(0.6);
    const sizes = [...narrow[0].matchAll(/font-size="(\d+)"/g)].map((m) => Number(m[1]));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(13);
    expect(narrow[0].match(/<text/g)!.length).toBeLessThanOrEqual(5 + 4);
  });
});
