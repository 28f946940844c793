/** French intra-community VAT number: FR + 2-digit key + SIREN. Pure. */
import { isSirenFormat } from './siren';

/** Key = (12 + 3 × (SIREN mod 97)) mod 97, two digits. */
export function vatKey(siren: string): string {
  if (!isSirenFormat(siren)) throw new Error(`SIREN invalide : ${siren}`);
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, '0');
}

export function vatNumber(siren: string): string {
  return `FR${vatKey(siren)}${siren}`;
}

/** EORI number of a French company: FR + SIRET of the head office (the usual form). */
export function eoriNumber(headOfficeSiret: string): string {
  return `FR${headOfficeSiret}`;
}
