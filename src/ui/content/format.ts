const longDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });

/** "2026-03-12T00:00:00.000Z" → "12 mars 2026". */
export function frenchDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** "2026-03-12T00:00:00.000Z" → "2026-03-12" (datetime attributes, JSON-LD, sitemaps). */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}
