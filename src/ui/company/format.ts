/** French formatting for the registry pages (fr-FR, dd/mm/yyyy, EUR). */
import { FRENCH_MONTHS } from '@/domain/dates';
import { formatSiren, formatSiret } from '@/domain/siren';

export { formatSiren, formatSiret };

/** "2022-10-22" → "22/10/2022". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** "2022-10-22" → "22 octobre 2022". */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const day = Number(m[3]);
  return `${day === 1 ? '1er' : day} ${FRENCH_MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
});

export function formatNumber(n: number | null | undefined): string {
  return n == null ? '—' : integer.format(n);
}

export function formatMoney(n: number | null | undefined, currency = 'EUR'): string {
  if (n == null) return '—';
  if (currency !== 'EUR') return `${decimal.format(n)} ${currency}`;
  return Number.isInteger(n) ? euros.format(n) : cents.format(n);
}

/** 24 812 000 000 → "24,8 Md€"; for charts and key figures. */
export function formatCompactMoney(n: number | null | undefined): string {
  if (n == null) return '—';
  const abs = Math.abs(n);
  if (abs >= 1e9) return `${decimal.format(n / 1e9)} Md€`;
  if (abs >= 1e6) return `${decimal.format(n / 1e6)} M€`;
  if (abs >= 1e3) return `${decimal.format(n / 1e3)} k€`;
  return `${integer.format(n)} €`;
}

export function formatPercent(n: number | null | undefined): string {
  return n == null ? '—' : `${decimal.format(n)} %`;
}

export function formatRatio(value: number, unit: 'eur' | 'percent' | 'days' | 'ratio'): string {
  switch (unit) {
    case 'eur':
      return formatMoney(value);
    case 'percent':
      return formatPercent(value);
    case 'days':
      return `${decimal.format(value)} jours`;
    default:
      return decimal.format(value);
  }
}

export function yesNo(v: boolean | null | undefined): string {
  return v == null ? 'Non renseigné' : v ? 'Oui' : 'Non';
}
