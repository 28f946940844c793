/** French month names, for long dates ("1er mars 2024") and birth labels ("mars 1970"). */
export const FRENCH_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/**
 * A director's birth as the registries allow us to show it: "mars 1970", or "1970" when the
 * month is unknown. There is no day parameter: the day is never stored nor shown.
 */
export function birthLabel(year: number | null, month: number | null): string | null {
  if (!year) return null;
  return month && month >= 1 && month <= 12 ? `${FRENCH_MONTHS[month - 1]} ${year}` : String(year);
}
