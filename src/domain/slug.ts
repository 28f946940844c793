/** Lower case without accents (the combining marks NFD splits off removed). */
export const foldAccents = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Lower case without accents, ligatures spelt out (œ → oe, æ → ae). */
export const foldLetters = (value: string): string =>
  foldAccents(value).replace(/œ/g, 'oe').replace(/æ/g, 'ae');

/**
 * The slug of a company's page address as the account pages and alert mails write it: accents
 * folded, anything else a dash; `entreprise` when nothing is left.
 */
export const companyPathSlug = (name: string | null): string =>
  foldAccents(name ?? 'entreprise')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'entreprise';

/** URL slugs: lower-case ASCII words joined by dashes ("Société Générale" → "societe-generale"). */
export function slugify(value: string | null | undefined): string {
  if (!value) return '';
  return foldLetters(value)
    .replace(/&/g, ' et ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
