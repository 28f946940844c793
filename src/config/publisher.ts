import { getEnv } from './env';
import { isPlaceholder } from './production';

/**
 * The company that publishes the site and sells its documents, as the legal notice, the terms,
 * the invoices and credit notes print it. One source: the `SELLER_*`, `PUBLICATION_DIRECTOR` and
 * `HOST_*` settings (examples by default, required when APP_ENV=prod).
 */
export type Publisher = {
  name: string;
  legalForm: string;
  capital: string;
  address: string;
  registration: string;
  vatNumber: string;
  publicationDirector: string;
  host: { name: string; address: string; phone: string };
};

/**
 * Production refuses the example values at start (src/config/production.ts); elsewhere they are
 * printed marked « (exemple) », so no invoice passes CHE-000.000.000 off as a real number.
 */
export function publisher(): Publisher {
  const env = getEnv();
  const shown = (key: string, value: string) =>
    isPlaceholder(key, value) ? `${value} (exemple)` : value;
  return {
    name: env.SELLER_NAME,
    legalForm: env.SELLER_LEGAL_FORM,
    capital: env.SELLER_CAPITAL,
    address: env.SELLER_ADDRESS,
    registration: shown('SELLER_REGISTRATION', env.SELLER_REGISTRATION),
    vatNumber: shown('SELLER_VAT_NUMBER', env.SELLER_VAT_NUMBER),
    publicationDirector: shown('PUBLICATION_DIRECTOR', env.PUBLICATION_DIRECTOR),
    host: {
      name: shown('HOST_NAME', env.HOST_NAME),
      address: shown('HOST_ADDRESS', env.HOST_ADDRESS),
      phone: shown('HOST_PHONE', env.HOST_PHONE),
    },
  };
}

/** The seller's identity lines of an invoice or a credit note. */
export function sellerLines(p: Publisher = publisher()): string[] {
  return [
    `${p.name}, ${p.legalForm} au capital de ${p.capital}`,
    p.address,
    `${p.registration} — TVA ${p.vatNumber}`,
  ];
}
