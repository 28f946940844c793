/**
 * The Annuaire des Entreprises' view of a company's RNE record (its client of the INPI RNE API:
 * `{args: [siren], result: {siren, identite: {dateImmatriculation, dateDebutActiv, dateRadiation,
 * dureePersonneMorale, dateClotureExercice, capital: "5 857 785 892 EUR (fixe)", natureEntreprise},
 * dirigeants, beneficiaires}}`): its registration only, into `company_registrations` (source
 * `rne-annuaire`). The directors and beneficial owners are left out: the raw RNE importer
 * (src/ingest/rne) owns the directors, and beneficial owners are never loaded.
 */
import { parseSiren } from '@/domain/siren';
import { ImportError } from '../core/errors';
import { parseJson, readSourceText, str } from '../core/labels';
import { endOfExistence, registrationWriter, type RegistrationRow } from '../core/registrations';
import type { Importer } from '../core/run';

/** « 5 857 785 892 EUR (fixe) » → amount, currency, variable. */
export function parseCapital(
  v: string | null,
): { amount: number; currency: string; variable: boolean | null } | null {
  const m = /^([\d\s\u202f\u00a0.,]+)\s*([A-Z]{3})?\s*(?:\((fixe|variable)\))?/i.exec(
    v?.trim() ?? '',
  );
  if (!m) return null;
  const amount = Number(m[1]!.replace(/[\s\u202f\u00a0.]/g, '').replace(',', '.'));
  if (!Number.isFinite(amount)) return null;
  return {
    amount,
    currency: (m[2] ?? 'EUR').toUpperCase(),
    variable: m[3] ? m[3].toLowerCase() === 'variable' : null,
  };
}

export function readAnnuaireRegistration(doc: unknown, name: string): RegistrationRow {
  const result = (doc as { result?: Record<string, unknown> })?.result;
  const identite = result?.identite as Record<string, unknown> | undefined;
  const siren = parseSiren(str(result?.siren));
  if (!result || !identite || !siren)
    throw new ImportError(
      `${name} : fiche RNE de l'Annuaire attendue ({ result: { siren, identite } }).`,
    );
  const capital = parseCapital(str(identite.capital));
  const duration = Number(identite.dureePersonneMorale) || null;
  const registration = str(identite.dateImmatriculation);
  const start = str(identite.dateDebutActiv);
  return {
    siren,
    source: 'rne-annuaire',
    sourceDate: str((result.metadata as Record<string, unknown> | undefined)?.updatedAt),
    registrationDate: registration,
    strikeOffDate: str(identite.dateRadiation),
    activityStartDate: start,
    capitalAmount: capital?.amount ?? null,
    capitalCurrency: capital?.currency ?? null,
    capitalVariable: capital?.variable ?? null,
    durationYears: duration,
    closingDayMonth: str(identite.dateClotureExercice),
    endOfExistence: endOfExistence(start ?? registration, duration),
    natures: str(identite.natureEntreprise) ? [str(identite.natureEntreprise)!] : [],
  };
}

export const rneAnnuaireImporter: Importer = {
  zipEntries: ['.json'],
  async run(ctx) {
    const name = ctx.input.entryName ?? ctx.input.name;
    const row = readAnnuaireRegistration(parseJson(await readSourceText(ctx.input), name), name);
    ctx.read++;
    ctx.count('company_registrations', await registrationWriter(ctx.conn).write([row]));
    ctx.touch([row.siren]);
  },
};
