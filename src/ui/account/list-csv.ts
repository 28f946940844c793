import { csvText } from '@/lib/tabular/csv';

type Company = {
  siren: string;
  name: string | null;
  status: 'active' | 'ceased' | 'unknown';
  last_change_at: string | null;
};

/**
 * A followed list as CSV, built in the browser by the site's one CSV writer (src/lib/tabular/csv.ts):
 * a company named `@SAADANA` is written `'@SAADANA`, as in the search export (issue 36).
 */
export function listCsv(
  companies: readonly Company[],
  labels: Record<Company['status'], string>,
): string {
  const rows: string[][] = [['siren', 'nom', 'etat', 'dernier_changement']];
  for (const c of companies)
    rows.push([c.siren, c.name ?? '', labels[c.status], c.last_change_at ?? '']);
  return csvText(rows);
}
