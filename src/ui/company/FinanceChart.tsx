import type { FinancialYear } from '@/registry/finances';
import { formatCompactMoney } from './format';
import s from './company.module.css';

const REVENUE = '#1c4fa0';
const RESULT = '#2e7d32';
const LOSS = '#c62828';

/**
 * Revenue and net result per year as server-rendered SVG bars: no chart library in the browser.
 * The table under it carries the same figures for screen readers.
 */
export function FinanceChart({ years }: { years: FinancialYear[] }) {
  const data = [...years]
    .filter((y) => y.revenue != null || y.netResult != null)
    .slice(0, 10)
    .reverse();
  if (data.length === 0) return null;
  const values = data.flatMap((y) => [y.revenue ?? 0, y.netResult ?? 0]);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const W = 720;
  const H = 260;
  const pad = { top: 16, right: 12, bottom: 28, left: 72 };
  const plotH = H - pad.top - pad.bottom;
  const span = max - min || 1;
  const y = (v: number) => pad.top + ((max - v) / span) * plotH;
  const group = (W - pad.left - pad.right) / data.length;
  const bar = Math.min(28, group / 3);
  const ticks = [max, max / 2, 0, ...(min < 0 ? [min] : [])];
  return (
    <>
      <ul className={s.legend} aria-hidden="true">
        <li>
          <span className={s.swatch} style={{ background: REVENUE }} />
          Chiffre d&apos;affaires
        </li>
        <li>
          <span className={s.swatch} style={{ background: RESULT }} />
          Résultat net
        </li>
      </ul>
      <svg
        className={s.chart}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Chiffre d'affaires et résultat net de ${data[0]!.fiscalYear} à ${data[data.length - 1]!.fiscalYear} ; les valeurs sont dans le tableau ci-dessous.`}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={W - pad.right} y1={y(t)} y2={y(t)} stroke="#e6eaf0" />
            <text x={pad.left - 8} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#4a5568">
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
              <text x={x0} y={H - 8} textAnchor="middle" fontSize="12" fill="#1a2233">
                {d.fiscalYear}
              </text>
            </g>
          );
        })}
      </svg>
    </>
  );
}
