/**
 * The outside services the generators use, built once from the configuration
 * (src/config/env.ts); tests, the preview and the bench replace them with `setDocumentServices`.
 */
import { getEnv, siteOrigin } from '@/config/env';
import { createInpiClient, type InpiClient } from '@/clients/inpi/rne-api';
import { createViesClient, type ViesClient } from '@/clients/vies/vat-check';

export type DocumentServices = {
  /** null: VAT numbers are printed "non vérifié" without a call. */
  vies: ViesClient | null;
  /** null: no INPI credentials, deeds and filed accounts are unavailable. */
  inpi: InpiClient | null;
  /** Our host, printed in every document's header. */
  site: string;
};

let current: DocumentServices | null = null;

function fromEnv(): DocumentServices {
  const env = getEnv();
  return {
    vies:
      env.VIES_URL === 'off'
        ? null
        : createViesClient({ baseUrl: env.VIES_URL, timeoutMs: env.VIES_TIMEOUT_MS }),
    inpi:
      env.INPI_USERNAME && env.INPI_PASSWORD
        ? createInpiClient({
            baseUrl: env.INPI_API_URL,
            username: env.INPI_USERNAME,
            password: env.INPI_PASSWORD,
            timeoutMs: env.INPI_TIMEOUT_MS,
          })
        : null,
    site: new URL(siteOrigin()).host,
  };
}

export function documentServices(): DocumentServices {
  current ??= fromEnv();
  return current;
}

/** Replaces some services (tests, preview, bench); `null` goes back to the configuration. */
export function setDocumentServices(services: Partial<DocumentServices> | null): void {
  current = services ? { ...fromEnv(), ...services } : null;
}
