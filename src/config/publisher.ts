import { getEnv } from './env';

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

export function publisher(): Publisher {
  const env = getEnv();
  return {
    name: env.SELLER_NAME,
    legalForm: env.SELLER_LEGAL_FORM,
    capital: env.SELLER_CAPITAL,
    address: env.SELLER_ADDRESS,
    registration: env.SELLER_REGISTRATION,
    vatNumber: env.SELLER_VAT_NUMBER,
    publicationDirector: env.PUBLICATION_DIRECTOR,
    host: { name: env.HOST_NAME, address: env.HOST_ADDRESS, phone: env.HOST_PHONE },
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
