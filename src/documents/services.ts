/**
 * The outside services the generators use, built once from the configuration
 * (src/config/env.ts); tests, the preview and the bench replace them with `setDocumentServices`.
 */
import { getEnv, siteOrigin } from '@/config/env';
import { createAfdccClient, type AfdccClient } from '@/clients/afdcc/client';
import {
  createBanqueDeFranceClient,
  type BanqueDeFranceClient,
} from '@/clients/banque-de-france/client';
import { createInfogreffeClient, type InfogreffeClient } from '@/clients/infogreffe/client';
import { providersConfiguredIn } from './providers/configured';
import { createInpiClient, type InpiClient } from '@/clients/inpi/rne-api';
import { createViesClient, type ViesClient } from '@/clients/vies/vat-check';

export type DocumentServices = {
  /** null: VAT numbers are printed "non vérifié" without a call. */
  vies: ViesClient | null;
  /** null: no INPI credentials, deeds and filed accounts are unavailable. */
  inpi: InpiClient | null;
  /** null: no Infogreffe contract, the registries' documents (Kbis…) are not sold here. */
  greffe: InfogreffeClient | null;
  /** null: no Banque de France access, its quotation and outstanding credit are not sold. */
  banqueDeFrance: BanqueDeFranceClient | null;
  /** null: no AFDCC access, its diagnostic is not sold. */
  afdcc: AfdccClient | null;
  /** Our host, printed in every document's header. */
  site: string;
};

let current: DocumentServices | null = null;

function fromEnv(): DocumentServices {
  const env = getEnv();
  const on = new Set(providersConfiguredIn(env));
  return {
    vies:
      env.VIES_URL === 'off'
        ? null
        : createViesClient({ baseUrl: env.VIES_URL, timeoutMs: env.VIES_TIMEOUT_MS }),
    inpi: on.has('inpi-rne')
      ? createInpiClient({
          baseUrl: env.INPI_API_URL,
          username: env.INPI_USERNAME!,
          password: env.INPI_PASSWORD!,
          timeoutMs: env.INPI_TIMEOUT_MS,
        })
      : null,
    greffe: on.has('greffe')
      ? createInfogreffeClient({
          baseUrl: env.INFOGREFFE_API_URL!,
          apiKey: env.INFOGREFFE_API_KEY!,
          timeoutMs: env.INFOGREFFE_TIMEOUT_MS,
        })
      : null,
    banqueDeFrance: on.has('banque-de-france')
      ? createBanqueDeFranceClient({
          baseUrl: env.BANQUE_DE_FRANCE_API_URL!,
          clientId: env.BANQUE_DE_FRANCE_CLIENT_ID!,
          clientSecret: env.BANQUE_DE_FRANCE_CLIENT_SECRET!,
          timeoutMs: env.BANQUE_DE_FRANCE_TIMEOUT_MS,
        })
      : null,
    afdcc: on.has('afdcc')
      ? createAfdccClient({
          baseUrl: env.AFDCC_API_URL!,
          apiKey: env.AFDCC_API_KEY!,
          timeoutMs: env.AFDCC_TIMEOUT_MS,
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
