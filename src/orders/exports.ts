/** GET /api/orders-exports: the user's orders as CSV or XLSX. */
import { stringify } from 'csv-stringify/sync';
import type { Db } from '@/db/client';
import ordersText from '@/i18n/fr/orders';
import type { OrderFile } from './downloads';
import { listOrders } from './service';

/** The order states as the account's pages name them (one list: src/i18n/fr/orders.ts). */
const STATE_LABELS: Record<string, string> = ordersText.states;

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

export async function exportOrders(
  db: Db,
  userId: string,
  format: 'csv' | 'xlsx',
): Promise<OrderFile> {
  const list = await listOrders(db, userId, 10_000);
  const header = [
    'Commande',
    'Date',
    'Document',
    'SIREN',
    'État',
    'Prix HT (€)',
    'TVA (€)',
    'Total TTC (€)',
    'Facture',
  ];
  const rows = list.map((o) => [
    o.id,
    o.created_at.slice(0, 10).split('-').reverse().join('/'),
    o.label,
    o.siren ?? '',
    STATE_LABELS[o.state] ?? o.state,
    euros(o.price_excl_vat_cents),
    euros(o.vat_cents),
    euros(o.total_cents),
    o.invoice ? o.invoice.reference : '',
  ]);
  if (format === 'csv') {
    return {
      fileName: 'commandes.csv',
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(stringify([header, ...rows], { delimiter: ';', bom: true })),
    };
  }
  // Loaded on first use: the spreadsheet library is large and most processes never write one.
  const excel = (await import('exceljs')).default;
  const book = new excel.Workbook();
  book.addWorksheet('Commandes').addRows([header, ...rows]);
  return {
    fileName: 'commandes.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(await book.xlsx.writeBuffer()),
  };
}
