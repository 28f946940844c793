/** Names of persons: normalisation for the key that groups one person's mandates. Pure. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** LASTNAME|FIRST-FIRSTNAME|YYYY-MM: the same person across companies when the birth month is known. */
export function personKey(
  lastName: string | null,
  firstNames: string | null,
  birthYear: number | null,
  birthMonth: number | null,
): string | null {
  if (!lastName) return null;
  const first = firstNames ? (normalizeName(firstNames).split(' ')[0] ?? '') : '';
  const birth = birthYear ? `${birthYear}-${String(birthMonth ?? 0).padStart(2, '0')}` : '';
  return `${normalizeName(lastName)}|${first}|${birth}`;
}
