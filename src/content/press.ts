import { csvText } from '@/lib/tabular/csv';
import type { KeyFigures } from '@/registry/hub';

/** The key figures as a French CSV (semicolons, UTF-8 with BOM so spreadsheets read accents). */
export function keyFiguresCsv(f: KeyFigures, now: Date): string {
  const rows = [
    ['indicateur', 'valeur', 'source'],
    ['entreprises (unités légales)', String(f.companies), 'INSEE, répertoire Sirene'],
    ['entreprises actives', String(f.activeCompanies), 'INSEE, répertoire Sirene'],
    ['établissements', String(f.establishments), 'INSEE, répertoire Sirene'],
    ['annonces BODACC', String(f.notices), 'DILA, BODACC'],
    ['dernier import', f.lastImport ?? '', 'Registre'],
    ['date du calcul', now.toISOString().slice(0, 10), 'Registre'],
  ];
  return csvText(rows);
}
