/**
 * Which upstream issuers this deployment is connected to, from its settings alone (pure: the
 * settings are given). An issuer is connected when its client has what it needs to call it:
 * - `inpi-rne`: INPI_USERNAME and INPI_PASSWORD (INPI_API_URL has a default, INPI's own);
 * - `greffe`: INFOGREFFE_API_URL and INFOGREFFE_API_KEY;
 * - `banque-de-france`: BANQUE_DE_FRANCE_API_URL, _CLIENT_ID and _CLIENT_SECRET;
 * - `afdcc`: AFDCC_API_URL and AFDCC_API_KEY.
 * INPI's patent base and Légifrance's company agreements have no client: never connected.
 *
 * The build records the list (scripts/build-state.ts), so a prerendered page never sells what
 * the running server cannot deliver.
 */
import type { Env } from '@/config/env';
import type { ProviderId } from '@/domain/catalogue/document-details';

export type ProviderSettings = Pick<
  Env,
  | 'INPI_USERNAME'
  | 'INPI_PASSWORD'
  | 'INFOGREFFE_API_URL'
  | 'INFOGREFFE_API_KEY'
  | 'BANQUE_DE_FRANCE_API_URL'
  | 'BANQUE_DE_FRANCE_CLIENT_ID'
  | 'BANQUE_DE_FRANCE_CLIENT_SECRET'
  | 'AFDCC_API_URL'
  | 'AFDCC_API_KEY'
>;

export function providersConfiguredIn(env: ProviderSettings): ProviderId[] {
  const ids: ProviderId[] = [];
  if (env.INPI_USERNAME && env.INPI_PASSWORD) ids.push('inpi-rne');
  if (env.INFOGREFFE_API_URL && env.INFOGREFFE_API_KEY) ids.push('greffe');
  if (
    env.BANQUE_DE_FRANCE_API_URL &&
    env.BANQUE_DE_FRANCE_CLIENT_ID &&
    env.BANQUE_DE_FRANCE_CLIENT_SECRET
  )
    ids.push('banque-de-france');
  if (env.AFDCC_API_URL && env.AFDCC_API_KEY) ids.push('afdcc');
  return ids;
}
