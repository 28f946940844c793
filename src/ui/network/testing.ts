import type { NetworkEdge } from './model';

/** A test's current « Gérant » link from the RNE, between two node ids. */
export const edge = (source: string, target: string): NetworkEdge => ({
  id: `${source}-${target}`,
  source,
  target,
  role: 'Gérant',
  startDate: null,
  endDate: null,
  current: true,
  origin: { source: 'rne', label: 'RNE', date: null },
});
