/**
 * A company's state as the sources know it, one rule for the company page, the API, the search
 * index and its results (issue 16, part 7: a struck-off company was « Cessée » in the results and
 * an empty record « Active »). The search index computes the same rule in SQL
 * (`COMPANY_STATE` in src/domain/sql-fragments.ts); a test compares the two on the whole sample.
 */
export type CompanyState = 'active' | 'ceased' | 'struck-off' | 'unknown';

export type CompanyStateFacts = {
  /** SIRENE's administrative state: 'A' or 'C'. */
  status: string;
  /** Whether any source gave the company a state or an identity (an empty record gives none). */
  known: boolean;
  ceasedDate: string | null;
  strikeOffDate: string | null;
};

/**
 * 'struck-off' when a strike-off from the RCS is known and SIRENE does not say the company is
 * active; 'unknown' for a record no source gives a state for (never shown as active).
 */
export function companyState(f: CompanyStateFacts): CompanyState {
  if (f.strikeOffDate && (f.status === 'C' || !f.known)) return 'struck-off';
  if (!f.known) return 'unknown';
  return f.status === 'C' ? 'ceased' : 'active';
}

/** The state in a few words, after a company's name in a list (« entreprise radiée »). */
export const STATE_WORDS: Record<CompanyState, string> = {
  active: 'entreprise active',
  ceased: 'entreprise cessée',
  'struck-off': 'entreprise radiée',
  unknown: 'état non renseigné',
};

/** The state in one word, in a table column « État ». */
export const STATE_NAMES: Record<CompanyState, string> = {
  active: 'Active',
  ceased: 'Cessée',
  'struck-off': 'Radiée',
  unknown: 'Non renseigné',
};

const shortDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * « Active », « Cessée le … », « Radiée du RCS le … (activité cessée le …) », « État non renseigné ».
 * Dates as dd/mm/yyyy, or with the caller's format (documents print « 1er mars 2020 »).
 */
export function companyStateLabel(
  state: CompanyState,
  dates: { ceasedDate: string | null; strikeOffDate: string | null },
  formatDate: (isoDate: string) => string = shortDate,
): string {
  const on = (d: string | null) => (d ? ` le ${formatDate(d)}` : '');
  switch (state) {
    case 'struck-off':
      return `Radiée du RCS${on(dates.strikeOffDate)}${
        dates.ceasedDate ? ` (activité cessée${on(dates.ceasedDate)})` : ''
      }`;
    case 'unknown':
      return 'État non renseigné';
    case 'ceased':
      return `Cessée${on(dates.ceasedDate)}`;
    default:
      return 'Active';
  }
}
