import Link from 'next/link';
import type { Comparison } from '@/registry/comparison';
import { MAX_COMPARED } from '@/registry/comparison';
import { formatDate, formatMoney, formatPercent, formatSiren } from './format';
import { Empty } from './Section';
import { interpolate, messages } from '@/i18n';
import s from './company.module.css';
import { ScrollRegion } from '@/ui/scroll/ScrollRegion';

const m = messages.company.comparison;

export type PickerResult = { siren: string; name: string; detail: string };

const compareHref = (sirens: string[]) =>
  sirens.length ? `/comparateur-entreprises?siren=${sirens.join(',')}` : '/comparateur-entreprises';

export function ComparisonView({
  comparison,
  sirens,
  query,
  results,
  searchError,
}: {
  comparison: Comparison;
  sirens: string[];
  query: string;
  results: PickerResult[];
  searchError: string | null;
}) {
  const cs = comparison.companies;
  const full = sirens.length >= MAX_COMPARED;
  const row = (label: string, cell: (i: number) => React.ReactNode) => (
    <tr>
      <th scope="row">{label}</th>
      {cs.map((c, i) => (
        <td key={c.profile.siren}>{cell(i)}</td>
      ))}
    </tr>
  );
  return (
    <div className={s.page}>
      <h1 className={s.title}>{m.title}</h1>
      <p className={s.subtitle}>{m.lead}</p>
      <section className={s.section} aria-labelledby="ajout-title">
        <h2 id="ajout-title" className={s.sectionTitle}>
          {full ? m.full : m.add}
        </h2>
        {full ? (
          <p className={s.muted}>{m.fullNote}</p>
        ) : (
          <form
            method="get"
            action="/comparateur-entreprises"
            className={s.form}
            role="search"
            style={{ marginTop: 12 }}
          >
            <input type="hidden" name="siren" value={sirens.join(',')} />
            <label>
              {m.field}
              <input
                name="q"
                defaultValue={query}
                minLength={2}
                maxLength={100}
                required
                placeholder={m.placeholder}
              />
            </label>
            <button className={s.button} type="submit">
              {m.search}
            </button>
          </form>
        )}
        {searchError ? <p className={s.alert}>{searchError}</p> : null}
        {results.length ? (
          <ul className={s.cards} style={{ marginTop: 12 }} aria-label={m.results}>
            {results.map((r) => (
              <li key={r.siren} className={s.card}>
                <strong>{r.name}</strong>
                <span className={s.note} style={{ display: 'block' }}>
                  {r.detail}
                </span>
                {sirens.includes(r.siren) ? (
                  <span className={s.note}>{m.alreadyCompared}</span>
                ) : (
                  <Link href={compareHref([...sirens, r.siren])} prefetch={false}>
                    {m.addToComparison}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        ) : query && !searchError ? (
          <p className={s.muted}>{interpolate(m.noResult, { query })}</p>
        ) : null}
      </section>
      {comparison.missing.length ? (
        <p className={s.alert}>
          {interpolate(m.missing, {
            sirens: comparison.missing.map((x) => formatSiren(x)).join(', '),
          })}
        </p>
      ) : null}
      {cs.length === 0 ? (
        <Empty>{m.chooseTwo}</Empty>
      ) : (
        <section className={s.section} aria-labelledby="comparaison-title">
          <h2 id="comparaison-title" className={s.sectionTitle}>
            {m.heading}
          </h2>
          {cs.length === 1 ? <p className={s.muted}>{m.addSecond}</p> : null}
          <ScrollRegion label={m.heading}>
            <table className={s.table}>
              <thead>
                <tr>
                  <td />
                  {cs.map((c) => (
                    <th key={c.profile.siren} scope="col">
                      <Link
                        href={`/entreprises/${c.profile.siren}/${c.profile.slug}`}
                        prefetch={false}
                      >
                        {c.profile.displayName}
                      </Link>
                      <span style={{ display: 'block', fontWeight: 400 }}>
                        <Link
                          href={compareHref(sirens.filter((x) => x !== c.profile.siren))}
                          prefetch={false}
                          aria-label={interpolate(m.removeLabel, { name: c.profile.displayName })}
                        >
                          {m.remove}
                        </Link>
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {row(m.rows.siren, (i) => formatSiren(cs[i]!.profile.siren))}
                {row(m.rows.state, (i) => cs[i]!.profile.stateLabel)}
                {row(m.rows.legalForm, (i) => cs[i]!.profile.legalForm.label ?? '—')}
                {row(m.rows.naf, (i) => cs[i]!.profile.naf.label ?? cs[i]!.profile.naf.code ?? '—')}
                {row(m.rows.creation, (i) => formatDate(cs[i]!.profile.creationDate))}
                {row(
                  m.rows.headOffice,
                  (i) => cs[i]!.profile.headOffice?.address.communeName ?? '—',
                )}
                {row(m.rows.headcount, (i) => cs[i]!.profile.headcount.label ?? m.notGiven)}
                {row(m.rows.category, (i) => cs[i]!.profile.category.label ?? '—')}
                {row(m.rows.capital, (i) =>
                  cs[i]!.profile.capital ? formatMoney(cs[i]!.profile.capital!.amount) : '—',
                )}
                {row(m.rows.accounts, (i) => {
                  const kind = cs[i]!.financials[0]?.series;
                  return kind ? m.series[kind] : '—';
                })}
                {comparison.years.flatMap((year) => {
                  const fy = (i: number) => cs[i]!.financials.find((f) => f.fiscalYear === year);
                  return [
                    <tr key={`h-${year}`}>
                      <th
                        scope="rowgroup"
                        colSpan={cs.length + 1}
                        style={{ background: '#eef2f8' }}
                      >
                        {interpolate(m.fiscalYear, { year })}
                      </th>
                    </tr>,
                    <tr key={`r-${year}`}>
                      <th scope="row">{m.rows.revenue}</th>
                      {cs.map((c, i) => (
                        <td key={c.profile.siren} className={s.num}>
                          {formatMoney(fy(i)?.revenue)}
                        </td>
                      ))}
                    </tr>,
                    <tr key={`n-${year}`}>
                      <th scope="row">{m.rows.netResult}</th>
                      {cs.map((c, i) => (
                        <td key={c.profile.siren} className={s.num}>
                          {formatMoney(fy(i)?.netResult)}
                        </td>
                      ))}
                    </tr>,
                    <tr key={`m-${year}`}>
                      <th scope="row">{m.rows.netMargin}</th>
                      {cs.map((c, i) => (
                        <td key={c.profile.siren} className={s.num}>
                          {formatPercent(fy(i)?.netMargin)}
                        </td>
                      ))}
                    </tr>,
                  ];
                })}
              </tbody>
            </table>
          </ScrollRegion>
          <p className={s.note}>{m.sourcesNote}</p>
        </section>
      )}
    </div>
  );
}
