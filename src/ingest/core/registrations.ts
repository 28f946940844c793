/**
 * Company registrations (`company_registrations`, issue 39): what the RNE says of a company's
 * registration, as the search API's `immatriculation` block reads it (search-infra
 * rne/database/map_rne.py): registration date (the creation's, else `dateImmat`), strike-off,
 * capital, duration, closing day, end of existence (stated, else creation + duration − 1 day),
 * natures of activity. One row per source, replaced at each import.
 */
import type { SourceName } from '@/db/schema';
import type { Conn } from './conn';
import { TableWriter, type Counts } from './writer';

export type RegistrationRow = {
  siren: string;
  source: SourceName;
  sourceDate: string | null;
  registrationDate: string | null;
  strikeOffDate: string | null;
  activityStartDate: string | null;
  capitalAmount: number | null;
  capitalCurrency: string | null;
  capitalVariable: boolean | null;
  durationYears: number | null;
  closingDayMonth: string | null;
  endOfExistence: string | null;
  natures: string[];
};

const day = (v: string | null | undefined): string | null =>
  v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;

/** The creation date + `years` − 1 day (ISO), as map_rne.py computes a missing end of existence. */
export function endOfExistence(creation: string | null, years: number | null): string | null {
  const d = day(creation);
  if (!d || !years || years <= 0 || years > 999) return null;
  const end = new Date(`${d}T00:00:00Z`);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

export function registrationWriter(conn: Conn): {
  write(rows: RegistrationRow[]): Promise<Counts>;
} {
  const writer = new TableWriter(conn, {
    table: 'company_registrations',
    key: ['siren', 'source'],
    columns: [
      'siren',
      'source',
      'source_date',
      'registration_date',
      'strike_off_date',
      'activity_start_date',
      'capital_amount',
      'capital_currency',
      'capital_variable',
      'duration_years',
      'closing_day_month',
      'end_of_existence',
      'natures',
    ],
  });
  return {
    write: (rows) =>
      writer.upsert(
        rows.map((r) => [
          r.siren,
          r.source,
          day(r.sourceDate),
          day(r.registrationDate),
          day(r.strikeOffDate),
          day(r.activityStartDate),
          r.capitalAmount,
          r.capitalCurrency,
          r.capitalVariable,
          r.durationYears,
          r.closingDayMonth && /^\d{4}$/.test(r.closingDayMonth) ? r.closingDayMonth : null,
          day(r.endOfExistence),
          [...new Set(r.natures)].sort(),
        ]),
      ),
  };
}
