/**
 * Order states and their transitions (spec section 4), prices with VAT, and what the subscription
 * covers. Pure: no I/O.
 *
 *   pending_payment ──paid──► paid ──start──► processing ──complete──► completed
 *                                │                 │ └──retry──► processing
 *                                └──fail──► unfulfillable ◄──fail──┘
 *                                              └──refund──► refunded
 */
import { documentOffer } from './catalogue/documents';
import { formatSiren } from './siren';

export const orderStates = [
  'pending_payment',
  'paid',
  'processing',
  'completed',
  'unfulfillable',
  'refunded',
] as const;
export type OrderState = (typeof orderStates)[number];

export type OrderEvent = 'pay' | 'start' | 'complete' | 'fail' | 'refund';

const transitions: Record<OrderState, Partial<Record<OrderEvent, OrderState>>> = {
  pending_payment: { pay: 'paid' },
  paid: { start: 'processing', fail: 'unfulfillable' },
  // A worker that dies mid-job leaves the order processing; the next attempt starts it again.
  processing: { start: 'processing', complete: 'completed', fail: 'unfulfillable' },
  completed: {},
  unfulfillable: { refund: 'refunded' },
  refunded: {},
};

/** The state after `event`, or null when the event is not allowed in `state`. */
export function nextState(state: OrderState, event: OrderEvent): OrderState | null {
  return transitions[state][event] ?? null;
}

/** The states from which `event` leads somewhere (for guarded UPDATE … WHERE state IN …). */
export function statesAllowing(event: OrderEvent): OrderState[] {
  return orderStates.filter((s) => transitions[s][event] !== undefined);
}

/** States of an order not yet finished: a second identical order is refused meanwhile. */
export const unfinishedStates: readonly OrderState[] = ['pending_payment', 'paid', 'processing'];

export const VAT_RATE_PERCENT = 20;

export type Amounts = { priceExclVatCents: number; vatCents: number; totalCents: number };

/** Catalogue prices include VAT: split a total into price excluding VAT and VAT at 20 %. */
export function splitVat(totalCents: number): Amounts {
  const priceExclVatCents = Math.round((totalCents * 100) / (100 + VAT_RATE_PERCENT));
  return { priceExclVatCents, vatCents: totalCents - priceExclVatCents, totalCents };
}

/**
 * Kinds that cost us money per unit: those an upstream issuer delivers (INPI, registry clerks,
 * Banque de France…, `producer` in the documents catalogue). The subscription gives a monthly
 * quota of them; every kind we draw from our own data is unlimited.
 */
export function costsPerUnit(kind: string): boolean {
  return documentOffer(kind)?.producer.by === 'provider';
}

/** How a subscriber's order is covered: without limit, by one unit of quota, or not at all. */
export function subscriptionCover(
  kind: string,
  usedThisPeriod: number,
  monthlyQuota: number,
): 'unlimited' | 'quota' | 'none' {
  if (!costsPerUnit(kind)) return 'unlimited';
  return usedThisPeriod < monthlyQuota ? 'quota' : 'none';
}

/** A stable key of what is ordered: kind, company and payload with its keys sorted. */
export function sameOrderKey(kind: string, siren: string | null, payload: unknown): string {
  return `${kind}|${siren ?? ''}|${stableJson(payload)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The numbers printed on invoices and credit notes: F2026-000001, A2026-000001. */
export function invoiceNumber(n: number, issuedAt: Date): string {
  return `F${issuedAt.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}

export function creditNoteNumber(n: number, issuedAt: Date): string {
  return `A${issuedAt.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}

/**
 * Whom an order is about, as the recap, the order page, the account and the invoice say it:
 * « DANONE (SIREN 552 032 534) », or « SIREN 552 032 534 » when the name is unknown (orders
 * placed before the name was stored), or nothing for an order about no company.
 */
export function orderCompany(o: { siren: string | null; companyName: string | null }): string {
  if (!o.siren) return '';
  const siren = `SIREN ${formatSiren(o.siren)}`;
  return o.companyName ? `${o.companyName} (${siren})` : siren;
}

/** « Liste des établissements — DANONE (SIREN 552 032 534) » */
export function orderTitle(
  label: string,
  o: { siren: string | null; companyName: string | null },
): string {
  const company = orderCompany(o);
  return company ? `${label} — ${company}` : label;
}
