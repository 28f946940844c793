/**
 * The French invoice of a paid order or subscription period, and the credit note (« avoir ») that
 * cancels an invoice, as PDF (pdfkit), drawn from their rows.
 */
import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { sellerLines } from '@/config/publisher';
import type { Db } from '@/db/client';
import { creditNotes, invoices } from '@/db/schema';
import { formatPrice } from '@/domain/catalogue';
import { VAT_RATE_PERCENT } from '@/domain/orders';
import { failure, success, type Result } from '@/lib/errors';
import { creditNoteNumber, invoiceNumber } from '@/domain/orders';
import type { CreditNoteRow, InvoiceRow } from './invoices';

const dateFr = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(d);

type Sheet = {
  title: string;
  issuedAt: Date;
  /** Lines under the date (the invoice a credit note cancels, and why). */
  references: string[];
  row: InvoiceRow | CreditNoteRow;
  totalLabel: string;
  closing: string[];
};

function renderSheet(sheet: Sheet): Promise<Buffer> {
  const inv = sheet.row;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: sheet.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(sheet.title);
    doc.fontSize(10).text(`Date : ${dateFr(sheet.issuedAt)}`);
    for (const line of sheet.references) doc.text(line);
    doc.moveDown();
    doc.fontSize(11).text('Vendeur', { underline: true });
    doc.fontSize(10);
    for (const line of sellerLines()) doc.text(line);
    doc.moveDown();
    const b = inv.buyer;
    doc.fontSize(11).text('Client', { underline: true });
    doc.fontSize(10);
    if (b.company_name) doc.text(b.company_name);
    const person = `${b.firstname ?? ''} ${b.lastname ?? ''}`.trim();
    if (person) doc.text(person);
    if (b.email) doc.text(b.email);
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
      .text(`${sheet.totalLabel} : ${formatPrice(inv.totalCents)}`)
      .moveDown();
    doc.fontSize(9);
    for (const line of sheet.closing) doc.text(line);
    doc.end();
  });
}

export function renderInvoicePdf(inv: InvoiceRow): Promise<Buffer> {
  return renderSheet({
    title: `Facture n° ${invoiceNumber(inv.number, inv.issuedAt)}`,
    issuedAt: inv.issuedAt,
    references: [],
    row: inv,
    totalLabel: 'Total TTC',
    closing: [
      inv.subscriptionId
        ? 'Facture acquittée : payée par carte bancaire, échéance mensuelle de l’abonnement.'
        : 'Facture acquittée : payée par carte bancaire à la commande.',
      'Pas d’escompte pour paiement anticipé.',
    ],
  });
}

export function renderCreditNotePdf(note: CreditNoteRow, cancelled: InvoiceRow): Promise<Buffer> {
  return renderSheet({
    title: `Avoir n° ${creditNoteNumber(note.number, note.issuedAt)}`,
    issuedAt: note.issuedAt,
    references: [
      `Annule la facture n° ${invoiceNumber(cancelled.number, cancelled.issuedAt)} du ${dateFr(cancelled.issuedAt)}.`,
      `Motif : ${note.reason}`,
    ],
    row: note,
    totalLabel: 'Total TTC remboursé',
    closing: ['Le montant de cet avoir est remboursé sur le moyen de paiement utilisé.'],
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

/** The PDF of one of the user's credit notes; another user's: NOT_FOUND. */
export async function creditNotePdf(
  db: Db,
  userId: string,
  creditNoteId: string,
): Promise<Result<{ fileName: string; body: Buffer }>> {
  if (!/^[0-9a-f-]{36}$/.test(creditNoteId)) return failure('NOT_FOUND');
  const [found] = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.userId, userId)));
  if (!found) return failure('NOT_FOUND', 'Cet avoir n’existe pas.');
  return success({
    fileName: `avoir-${creditNoteNumber(found.note.number, found.note.issuedAt)}.pdf`,
    body: await renderCreditNotePdf(found.note, found.invoice),
  });
}
