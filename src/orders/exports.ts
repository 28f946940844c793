/** GET /api/orders-exports: the user's orders as CSV or XLSX. */
import type { Db } from '@/db/client';
import { TABULAR_TYPES, tabularStream, textColumns, type Cell } from '@/lib/tabular/write';
import ordersText from '@/i18n/fr/orders';
import type { OrderFile } from './downloads';
import { listOrders } from './service';

/** The order states as the account's pages name them (one list: src/i18n/fr/orders.ts). */
const STATE_LABELS: Record<string, string> = ordersText.states;

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
  const rows = list.map((o): Cell[] => [
    o.id,
    o.created_at.slice(0, 10),
    o.label,
    o.siren ?? '',
    STATE_LABELS[o.state] ?? o.state,
    o.price_excl_vat_cents / 100,
    o.vat_cents / 100,
    o.total_cents / 100,
    o.invoice ? o.invoice.reference : '',
  ]);
  // The site's one tabular writer (src/lib/tabular/write.ts): dates and amounts as the search
  // export writes them, formula starts neutralised.
  const columns = textColumns(header, {
    Date: 'date',
    'Prix HT (€)': 'euros',
    'TVA (€)': 'euros',
    'Total TTC (€)': 'euros',
  });
  const stream = tabularStream(
    format,
    'Commandes',
    columns,
    (async function* () {
      yield rows;
    })(),
  );
  return {
    fileName: `commandes.${format}`,
    contentType: TABULAR_TYPES[format],
    body: Buffer.from(await new Response(stream).arrayBuffer()),
  };
}
