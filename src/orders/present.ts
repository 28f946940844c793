/** The JSON shape of an order in the API (spec section 7: `data.data`). */
import type { orders } from '@/db/schema';
import { kindLabel } from '@/domain/catalogue/documents';
import {
  creditNoteNumber,
  invoiceNumber,
  orderCompany,
  orderTitle as title,
} from '@/domain/orders';

export type OrderRow = typeof orders.$inferSelect;

export type OrderJson = {
  id: string;
  kind: string;
  label: string;
  siren: string | null;
  /** The company's name stored when the order was placed; null for older orders. */
  company_name: string | null;
  /** « DANONE (SIREN 552 032 534) », « SIREN 552 032 534 » without a name, '' without a company. */
  company: string;
  /** « Liste des établissements — DANONE (SIREN 552 032 534) » */
  title: string;
  payload: Record<string, unknown>;
  state: string;
  formats: string[];
  price_excl_vat_cents: number;
  vat_cents: number;
  total_cents: number;
  currency: 'EUR';
  paid_with: string | null;
  source_id: string | null;
  failure_reason: string | null;
  created_at: string;
  paid_at: string | null;
  completed_at: string | null;
  /** Where to pay, while the order waits for its payment. */
  payment_url: string | null;
  /** One link per format once the order is completed. */
  downloads: { format: string; url: string }[];
  /** `reference` is the number printed on the PDF (F2026-000001). */
  invoice: { number: number; reference: string; url: string } | null;
  /** The credit note (« avoir ») that cancels the invoice of a refunded order. */
  credit_note: { reference: string; url: string } | null;
};

/** An invoice or credit note row as an order's answer needs it. */
export type BillingRef = { id: string; number: number; issuedAt: Date };

export function downloadUrl(orderId: string, format: string): string {
  return format === 'docx'
    ? `/orders/${orderId}/download/word`
    : `/orders/${orderId}/download?format=${format}`;
}

export function presentOrder(
  o: OrderRow,
  invoice?: BillingRef | null,
  creditNote?: BillingRef | null,
): OrderJson {
  return {
    id: o.id,
    kind: o.kind,
    label: kindLabel(o.kind),
    siren: o.siren,
    company_name: o.companyName,
    company: orderCompany(o),
    title: title(kindLabel(o.kind), o),
    payload: o.payload,
    state: o.state,
    formats: o.formats,
    price_excl_vat_cents: o.priceExclVatCents,
    vat_cents: o.vatCents,
    total_cents: o.totalCents,
    currency: 'EUR',
    paid_with: o.paidWith,
    source_id: o.sourceId,
    failure_reason: o.failureReason,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    completed_at: o.completedAt?.toISOString() ?? null,
    payment_url: o.state === 'pending_payment' ? `/paiement-securise?order=${o.id}` : null,
    downloads:
      o.state === 'completed'
        ? o.formats.map((f) => ({ format: f, url: downloadUrl(o.id, f) }))
        : [],
    invoice: invoice
      ? {
          number: invoice.number,
          reference: invoiceNumber(invoice.number, invoice.issuedAt),
          url: `/api/invoices/${invoice.id}`,
        }
      : null,
    credit_note: creditNote
      ? {
          reference: creditNoteNumber(creditNote.number, creditNote.issuedAt),
          url: `/api/credit-notes/${creditNote.id}`,
        }
      : null,
  };
}
