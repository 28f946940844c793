import { isSold } from '@/documents/sale';
import type { HeaderStats } from '@/registry/stats';

/** The counters as the site may print them: no Kbis counter when the Kbis is not sold here. */
export type ShownHeaderStats = Omit<HeaderStats, 'kbisAvailable'> & {
  kbisAvailable: number | null;
};

/**
 * The top bar's and the home page's counters through the availability rule
 * (src/documents/sale.ts): « extraits Kbis disponibles » only when the registries are connected.
 */
export function soldHeaderStats(stats: HeaderStats | null): ShownHeaderStats | null {
  if (!stats) return null;
  return { ...stats, kbisAvailable: isSold('kbis') ? stats.kbisAvailable : null };
}
