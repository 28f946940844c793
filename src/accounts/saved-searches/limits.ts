/** Limits of the saved searches, shared by the server, the API document and the browser's forms. */
import type { SavedSearchFrequency } from '@/db/schema/accounts';

/** Saved searches per user at most. */
export const MAX_SAVED_SEARCHES = 50;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;
export const SAVED_SEARCH_FREQUENCIES = [
  'daily',
  'weekly',
  'none',
] as const satisfies readonly SavedSearchFrequency[];

/** The French label of each frequency. */
export const FREQUENCY_LABELS: Record<SavedSearchFrequency, string> = {
  daily: 'Chaque jour',
  weekly: 'Chaque semaine (le lundi)',
  none: 'Pas d’e-mail',
};
