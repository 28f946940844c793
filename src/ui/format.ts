const counterFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/**
 * French thousands formatting for counters: 12 345 678. Intl's fr-FR separator is the narrow
 * no-break space (U+202F), which keeps a number on one line.
 */
export function formatCount(n: number): string {
  return counterFormat.format(Math.round(n));
}
