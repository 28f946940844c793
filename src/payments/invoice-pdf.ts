/** The French invoice of a paid order, as PDF (pdfkit), drawn from its `invoices` row. */
import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { sellerLines } from '@/config/publisher';
import type { Db } from '@/db/client';
import { invoices } from '@/db/schema';
import { formatPrice } from '@/domain/catalogue';
import { VAT_RATE_PERCENT } from '@/domain/orders';
import { failure, success, type Result } from '@/lib/errors';

export type InvoiceRow = typeof invoices.$inferSelect;

function invoiceNumber(n: number, issuedAt: Date): string {
  return `F${issuedAt.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}

const dateFr = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(d);

export function renderInvoicePdf(inv: InvoiceRow): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Facture' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const number = invoiceNumber(inv.number, inv.issuedAt);
    doc.fontSize(20).text(`Facture n° ${number}`);
    doc
      .fontSize(10)
      .text(`Date : ${dateFr(inv.issuedAt)}`)
      .moveDown();
    doc.fontSize(11).text('Vendeur', { underline: true });
    doc.fontSize(10);
    for (const line of sellerLines()) doc.text(line);
    doc.moveDown();
    const b = inv.buyer;
    doc.fontSize(11).text('Client', { underline: true });
    doc.fontSize(10).text(b.company_name ?? '');
    doc.text(`${b.firstname ?? ''} ${b.lastname ?? ''}`.trim());
    if (b.postcode) doc.text(`Code postal : ${b.postcode}`);
    if (b.phone) doc.text(`Téléphone : ${b.phone}`);
    if (b.vat_number) doc.text(`TVA intracommunautaire : ${b.vat_number}`);
    doc.moveDown();
    doc.fontSize(11).text('Désignation', { underline: true });
    doc.fontSize(10).text(`${inv.label} — quantité 1`).moveDown();
    doc.text(`Prix hors taxes : ${formatPrice(inv.priceExclVatCents)}`);
    doc.text(`TVA (${VAT_RATE_PERCENT} %) : ${formatPrice(inv.vatCents)}`);
    doc
      .fontSize(12)
      .text(`Total TTC : ${formatPrice(inv.totalCents)}`)
      .moveDown();
    doc.fontSize(9).text('Facture acquittée : payée par carte bancaire à la commande.');
    doc.text('Pas d’escompte pour paiement anticipé.');
    doc.end();
  });
}

/** The invoice PDF of one of the user's invoices; another user's: NOT_FOUND. */
export async function invoicePdf(
  db: Db,
  userId: string,
  invoiceId: string,
): Promise<Result<{ fileName: string; body: Buffer }>> {
  if (!/^[0-9a-f-]{36}$/.test(invoiceId)) return failure('NOT_FOUND');
  const [inv] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  if (!inv) return failure('NOT_FOUND', 'Cette facture n’existe pas.');
  return success({
    fileName: `facture-${invoiceNumber(inv.number, inv.issuedAt)}.pdf`,
    body: await renderInvoicePdf(inv),
  });
}
