/**
 * French typography for generated documents: no-break spaces before `:` `;` `!` `?` `%`,
 * thousands grouped with a no-break space (`1 234 567 €`), long dates (`24 novembre 2026`,
 * `1er mars 2026`), SIREN and SIRET in groups (`552 032 534`).
 */
import { FRENCH_MONTHS } from '@/domain/dates';
import { formatSiren, formatSiret } from '@/domain/siren';

export const NBSP = '\u00a0';

/** Intl's fr-FR grouping uses U+202F; DejaVu has it, but one kind of space reads more evenly. */
const unify = (s: string) => s.replace(/[\u202f\u00a0]/g, NBSP);

/** Adds (or turns into) a no-break space before `: ; ! ? %` where French puts a space. */
export function frenchText(text: string): string {
  return (
    text
      // "Source : X", "Source: X" → "Source : X"; leaves "https://", "10:30" and "::" alone.
      .replace(/(\S)[ \u00a0\u202f]?([:;!?])(?=\s|$|[»)])/g, (m, before: string, mark: string) =>
        before === mark || /[:;!?]/.test(before) ? m : `${before}${NBSP}${mark}`,
      )
      .replace(/(\d)[ \u00a0\u202f]?%/g, `$1${NBSP}%`)
      .replace(/« ?/g, `«${NBSP}`)
      .replace(/ ?»/g, `${NBSP}»`)
  );
}

const intFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const decFormat = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** "1 234 567" */
export function formatInteger(n: number): string {
  return unify(intFormat.format(Math.round(n)));
}

/** "12,5" */
export function formatDecimal(n: number, digits = 2): string {
  const f =
    digits === 2
      ? decFormat
      : new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: digits });
  return unify(f.format(n));
}

const centsFormat = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * "1 234 567 €", "170 348 620,75 €": to the cent as the pages print amounts
 * (src/ui/company/format.ts, `formatMoney`), whole euros without decimals.
 */
export function formatEuros(n: number): string {
  const whole = Math.round(n * 100) % 100 === 0;
  return `${whole ? formatInteger(n) : unify(centsFormat.format(n))}${NBSP}€`;
}

/** "12,5 %" */
export function formatPercent(n: number): string {
  return `${formatDecimal(n, 1)}${NBSP}%`;
}

/** "24 novembre 2026", "1er mars 2026", from an ISO date ("2026-11-24…") or a Date (Paris time). */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  let y: number, m: number, d: number;
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (!match) return value;
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    const parts = parisParts(value);
    [y, m, d] = [parts.year, parts.month, parts.day];
  }
  return `${d === 1 ? '1er' : d}${NBSP}${FRENCH_MONTHS[m - 1]}${NBSP}${y}`;
}

/** "24/11/2026" */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

const parisFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parisParts(date: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const parts = parisFormat.formatToParts(date);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/** "24 novembre 2026 à 10 h 05" (Paris time) */
export function formatDateTime(date: Date): string {
  const p = parisParts(date);
  return `${formatLongDate(date)} à ${p.hour}${NBSP}h${NBSP}${String(p.minute).padStart(2, '0')}`;
}

/** "552 032 534" with no-break spaces */
export function formatSirenText(siren: string): string {
  return formatSiren(siren).replace(/ /g, NBSP);
}

/** "552 032 534 00703" with no-break spaces */
export function formatSiretText(siret: string): string {
  return formatSiret(siret).replace(/ /g, NBSP);
}
