import { splitSeries, type FinancialYear } from '@/registry/finances';
import type { Result } from '@/lib/errors';
import type { SourceRef } from '@/registry/result';
import { FinanceChart } from './FinanceChart';
import { formatDate, formatMoney, formatPercent, formatRatio } from './format';
import { Empty, Section, WhenLoaded } from './Section';
import s from './company.module.css';

export function KeyFiguresTable({ years, caption }: { years: FinancialYear[]; caption: string }) {
  const shown = years.slice(0, 10);
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Exercice</th>
            <th scope="col" className={s.num}>
              Chiffre d&apos;affaires
            </th>
            <th scope="col" className={s.num}>
              Résultat net
            </th>
            <th scope="col" className={s.num}>
              Marge nette
            </th>
            <th scope="col" className={s.num}>
              EBE
            </th>
            <th scope="col" className={s.num}>
              Marge d&apos;EBE
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((y) => (
            <tr key={y.fiscalYear}>
              <th scope="row">
                {y.fiscalYear}
                <span className={s.note} style={{ display: 'block', fontWeight: 400 }}>
                  clos le {formatDate(y.closingDate)}
                </span>
                {y.flags.length ? (
                  <span className={s.note} style={{ display: 'block', fontWeight: 400 }}>
                    {y.flags.includes('same-as-previous-year')
                      ? 'identique à l’exercice précédent, voir la note'
                      : y.flags.includes('unit-thousands')
                        ? 'converti des milliers d’euros, voir la note'
                        : 'ratios écartés, voir la note'}
                  </span>
                ) : null}
              </th>
              <td className={s.num}>{formatMoney(y.revenue)}</td>
              <td className={s.num}>{formatMoney(y.netResult)}</td>
              <td className={s.num}>{formatPercent(y.netMargin)}</td>
              <td className={s.num}>{formatMoney(y.ebitda)}</td>
              <td className={s.num}>{formatPercent(y.ebitdaMargin)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
            Détail de l&apos;exercice {y.fiscalYear} ({label.toLowerCase()})
          </summary>
          {[
            ['Compte de résultat', y.incomeStatement],
            ['Bilan', y.balanceSheet],
          ].map(([title, list]) =>
            (list as FinancialYear['incomeStatement']).length ? (
              <div className={s.tableWrap} key={title as string}>
                <table className={s.table}>
                  <caption>
                    {title as string} {y.fiscalYear}
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
              </div>
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
  if (years.length === 0)
    return (
      <Empty>
        Aucun compte annuel publié n&apos;est disponible : l&apos;entreprise a pu demander la
        confidentialité de ses comptes, ou ne pas être tenue de les déposer.
      </Empty>
    );
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
            caption={`${sr.label} : chiffres clés par exercice`}
          />
          {compact ? null : <DetailLists years={sr.years} label={sr.label} />}
        </div>
      ))}
      <p className={s.note}>
        Marge nette = résultat net / chiffre d&apos;affaires ; marge d&apos;EBE = excédent brut
        d&apos;exploitation / chiffre d&apos;affaires. Les comptes sociaux portent sur la seule
        entreprise, les comptes consolidés sur son groupe.
      </p>
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
}: {
  siren: string;
  financials: Result<FinancialYear[]>;
  searched?: SourceRef[];
}) {
  return (
    <Section
      id="finances"
      title="Comptes annuels et chiffres clés"
      link={{ href: `/comptes-annuels/${siren}`, label: 'Tous les comptes annuels' }}
      sources={financials.ok ? financials.value.map((y) => y.source) : []}
      searched={searched}
    >
      <WhenLoaded value={financials}>
        {(years) => <FinancesBody years={years} compact />}
      </WhenLoaded>
    </Section>
  );
}
