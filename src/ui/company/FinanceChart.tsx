import type { FinancialYear } from '@/registry/finances';
import { formatCompactMoney } from './format';
import s from './company.module.css';

const REVENUE = '#1c4fa0';
const RESULT = '#2e7d32';
const LOSS = '#c62828';

/** « de 2020 à 2024 », or « en 2024 » for a single year. */
export function yearsCaption(first: number | string, last: number | string): string {
  return String(first) === String(last) ? `en ${first}` : `de ${first} à ${last}`;
}

type Layout = { W: number; H: number; left: number; font: number; yearFont: number };

/**
 * A phone's layout: a viewBox about as wide as the phone's column, so that the labels print at
 * about their font size (the desktop chart shrunk to 324 × 117 px with 4 px labels), taller, and
 * the last five years.
 */
const NARROW: Layout = { W: 340, H: 240, left: 58, font: 13, yearFont: 13 };
const WIDE: Layout = { W: 720, H: 260, left: 72, font: 11, yearFont: 12 };
const NARROW_YEARS = 5;

function Chart({
  data,
  layout,
  className,
}: {
  data: FinancialYear[];
  layout: Layout;
  className: string;
}) {
  const { W, H, font, yearFont } = layout;
  const values = data.flatMap((y) => [y.revenue ?? 0, y.netResult ?? 0]);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const pad = { top: 16, right: 12, bottom: 28, left: layout.left };
  const plotH = H - pad.top - pad.bottom;
  const span = max - min || 1;
  const y = (v: number) => pad.top + ((max - v) / span) * plotH;
  const group = (W - pad.left - pad.right) / data.length;
  const bar = Math.min(28, group / 3);
  const ticks = [max, max / 2, 0, ...(min < 0 ? [min] : [])];
  return (
    <svg
      className={className}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Chiffre d’affaires et résultat net ${yearsCaption(data[0]!.fiscalYear, data[data.length - 1]!.fiscalYear)} ; les valeurs sont dans le tableau ci-dessous.`}
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={pad.left} x2={W - pad.right} y1={y(t)} y2={y(t)} stroke="#e6eaf0" />
          <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" fontSize={font} fill="#4a5568">
            {formatCompactMoney(t)}
          </text>
        </g>
      ))}
      {data.map((d, i) => {
        const x0 = pad.left + i * group + group / 2;
        const r = d.revenue ?? 0;
        const n = d.netResult ?? 0;
        return (
          <g key={d.fiscalYear}>
            <rect
              x={x0 - bar - 1}
              y={y(Math.max(r, 0))}
              width={bar}
              height={Math.abs(y(r) - y(0))}
              fill={REVENUE}
            />
            <rect
              x={x0 + 1}
              y={y(Math.max(n, 0))}
              width={bar}
              height={Math.max(1, Math.abs(y(n) - y(0)))}
              fill={n < 0 ? LOSS : RESULT}
            />
            <text x={x0} y={H - 8} textAnchor="middle" fontSize={yearFont} fill="#1a2233">
              {d.fiscalYear}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Revenue and net result per year as server-rendered SVG bars: no chart library in the browser.
 * Two drawings, one shown by the stylesheet: the desktop one, and a phone one whose labels stay
 * readable. The table under it carries the same figures for screen readers.
 */
export function FinanceChart({ years }: { years: FinancialYear[] }) {
  const data = [...years]
    .filter((y) => y.revenue != null || y.netResult != null)
    .slice(0, 10)
    .reverse();
  if (data.length === 0) return null;
  return (
    <>
      <ul className={s.legend} aria-hidden="true">
        <li>
          <span className={s.swatch} style={{ background: REVENUE }} />
          Chiffre d’affaires
        </li>
        <li>
          <span className={s.swatch} style={{ background: RESULT }} />
          Résultat net
        </li>
      </ul>
      <Chart data={data} layout={WIDE} className={`${s.chart} ${s.chartWide}`} />
      <Chart
        data={data.slice(-NARROW_YEARS)}
        layout={NARROW}
        className={`${s.chart} ${s.chartNarrow}`}
      />
    </>
  );
}
