import type { DbHandle } from '@/db/client';

export type SeedResult = { loaded: boolean; reason: string };

/**
 * Loads the real sample (data/samples/) when the database holds no company.
 * Filled in by the registry-data pipeline; until then it reports that nothing was loaded.
 */
export async function seedIfEmpty(_handle: DbHandle): Promise<SeedResult> {
  return { loaded: false, reason: "aucun chargeur d'échantillon n'est encore disponible" };
}
