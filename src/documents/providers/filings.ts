/**
 * The filings a company made at the RNE (acts, statutes, annual accounts), as INPI lists them,
 * for the acts section of the API and the /actes-et-statuts/{siren} page. Without INPI access,
 * the answer says so and points to INPI's free public consultation, never an empty list posing
 * as data.
 */
import { documentServices } from '../services';

export const INPI_PUBLIC_SITE = 'https://data.inpi.fr';
/** INPI's free public page of a company, where its filings can be read. */
export const inpiCompanyPage = (siren: string) => `${INPI_PUBLIC_SITE}/entreprises/${siren}`;

export type Filing = {
  id: string;
  kind: 'act' | 'balance-sheet';
  filedAt: string | null;
  /** « Statuts mis à jour », « Comptes annuels (clôture 2023-12-31) »… */
  type: string;
  content: string[];
  confidential: boolean;
};

export type Filings =
  | { loaded: true; items: Filing[]; source: { name: string; url: string } }
  | { loaded: false; reason: string; source: { name: string; url: string } };

const SOURCE = 'INPI, Registre national des entreprises';

export async function listFilings(siren: string): Promise<Filings> {
  const source = { name: SOURCE, url: inpiCompanyPage(siren) };
  const inpi = documentServices().inpi;
  if (!inpi) {
    return {
      loaded: false,
      reason:
        'Les actes, statuts et comptes annuels déposés par l’entreprise sont tenus par l’INPI au Registre national des entreprises ; ils ne sont pas chargés ici. Ils se consultent gratuitement sur data.inpi.fr.',
      source,
    };
  }
  const list = await inpi.attachments(siren);
  if (!list.ok) return { loaded: false, reason: list.error.message, source };
  const items: Filing[] = [
    ...list.value.acts.map((a) => ({
      id: a.id,
      kind: 'act' as const,
      filedAt: a.filedAt,
      type: a.types[0] ?? 'Acte',
      content: a.types,
      confidential: a.confidential,
    })),
    ...list.value.balanceSheets.map((b) => ({
      id: b.id,
      kind: 'balance-sheet' as const,
      filedAt: b.filedAt,
      type: b.closingDate ? `Comptes annuels (clôture ${b.closingDate})` : 'Comptes annuels',
      content: b.type ? [b.type] : [],
      confidential: b.confidential,
    })),
  ].sort((a, b) => (b.filedAt ?? '').localeCompare(a.filedAt ?? ''));
  return { loaded: true, items, source };
}
