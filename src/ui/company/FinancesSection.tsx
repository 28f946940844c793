import type { CompanyDocument } from '@/domain/catalogue/documents';
import { splitSeries, type FinancialYear } from '@/registry/finances';
import type { Result } from '@/lib/errors';
import type { SourceRef } from '@/registry/result';
import { FinanceChart } from './FinanceChart';
import { formatDate, formatMoney, formatPercent, formatRatio } from './format';
import { Empty, Section, WhenLoaded } from './Section';
import { interpolate, messages } from '@/i18n';
import s from './company.module.css';
import { ScrollRegion } from '@/ui/scroll/ScrollRegion';

const m = messages.company.finances;

/** The key figures' columns after the year: heading, and the year's figure as shown. */
const KEY_FIGURES: ReadonlyArray<readonly [string, (y: FinancialYear) => string]> = [
  [m.revenue, (y) => formatMoney(y.revenue)],
  [m.netResult, (y) => formatMoney(y.netResult)],
  [m.netMargin, (y) => formatPercent(y.netMargin)],
  [m.ebitda, (y) => formatMoney(y.ebitda)],
  [m.ebitdaMargin, (y) => formatPercent(y.ebitdaMargin)],
];

export function KeyFiguresTable({ years, caption }: { years: FinancialYear[]; caption: string }) {
  const shown = years.slice(0, 10);
  return (
    <ScrollRegion label={caption}>
      <table className={s.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.fiscalYear}</th>
            {KEY_FIGURES.map(([label]) => (
              <th key={label} scope="col" className={s.num}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((y) => (
            <tr key={y.fiscalYear}>
              <th scope="row">
                {y.fiscalYear}
                <span className={s.note} style={{ display: 'block', fontWeight: 400 }}>
                  {interpolate(m.closedOn, { date: formatDate(y.closingDate) })}
                </span>
                {y.flags.length ? (
                  <span className={s.note} style={{ display: 'block', fontWeight: 400 }}>
                    {y.flags.includes('same-as-previous-year')
                      ? m.sameAsPrevious
                      : y.flags.includes('unit-thousands')
                        ? m.convertedThousands
                        : m.ratiosDropped}
                  </span>
                ) : null}
              </th>
              {KEY_FIGURES.map(([label, shown]) => (
                <td key={label} className={s.num}>
                  {shown(y)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function DetailLists({ years, label }: { years: FinancialYear[]; label: string }) {
  const withDetail = years
    .filter((y) => y.incomeStatement.length || y.balanceSheet.length)
    .slice(0, 3);
  if (withDetail.length === 0) return null;
  return (
    <>
      {withDetail.map((y) => (
        <details key={y.fiscalYear} style={{ marginTop: 12 }}>
          <summary>
            {interpolate(m.detail, { year: y.fiscalYear, label: label.toLowerCase() })}
          </summary>
          {[
            [m.incomeStatement, y.incomeStatement],
            [m.balanceSheet, y.balanceSheet],
          ].map(([title, list]) =>
            (list as FinancialYear['incomeStatement']).length ? (
              <ScrollRegion
                key={title as string}
                label={interpolate(m.tableCaption, { title: title as string, year: y.fiscalYear })}
              >
                <table className={s.table}>
                  <caption>
                    {interpolate(m.tableCaption, { title: title as string, year: y.fiscalYear })}
                  </caption>
                  <tbody>
                    {(list as FinancialYear['incomeStatement']).map((r) => (
                      <tr key={r.key}>
                        <th scope="row">{r.label}</th>
                        <td className={s.num}>{formatRatio(r.value, r.unit)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            ) : null,
          )}
        </details>
      ))}
    </>
  );
}

/** `compact` (the company page): five years per series, detail lists on /comptes-annuels. */
export function FinancesBody({
  years,
  compact = false,
}: {
  years: FinancialYear[];
  compact?: boolean;
}) {
  if (years.length === 0) return <Empty>{m.none}</Empty>;
  const notes = [...new Set(years.flatMap((y) => y.notes))];
  const series = splitSeries(years);
  return (
    <>
      {series.map((sr) => (
        <div key={sr.kind} style={{ marginBottom: 16 }}>
          {series.length > 1 ? <h3>{sr.label}</h3> : null}
          <FinanceChart years={compact ? sr.years.slice(0, 5) : sr.years} />
          <KeyFiguresTable
            years={compact ? sr.years.slice(0, 5) : sr.years}
            caption={interpolate(m.keyFigures, { series: sr.label })}
          />
          {compact ? null : <DetailLists years={sr.years} label={sr.label} />}
        </div>
      ))}
      <p className={s.note}>{m.marginsNote}</p>
      {notes.map((n) => (
        <p key={n} className={s.note}>
          {n}
        </p>
      ))}
    </>
  );
}

export function FinancesSection({
  siren,
  financials,
  searched,
  orders,
}: {
  siren: string;
  financials: Result<FinancialYear[]>;
  searched?: SourceRef[];
  orders?: CompanyDocument[];
}) {
  return (
    <Section
      id="finances"
      title={m.title}
      link={{ href: `/comptes-annuels/${siren}`, label: m.allLink }}
      sources={financials.ok ? financials.value.map((y) => y.source) : []}
      searched={searched}
      orders={orders}
    >
      <WhenLoaded value={financials}>
        {(years) => <FinancesBody years={years} compact />}
      </WhenLoaded>
    </Section>
  );
}
