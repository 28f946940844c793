/**
 * Browser side of ordering: API calls with the CSRF token and the source id, the persisted stores
 * of spec section 3 (source id, recap-company-storage) and the e-commerce event.
 */
import { readConsentCookie } from '@/ui/consent/consent';
import { CSRF_HEADER, csrfToken, freshCsrfToken } from '@/ui/http/csrf';
import type { OrderJson } from '@/orders/present';
import { readSourceId } from './sourceId';

/** An order as the API answers it (src/orders/present.ts; a type only, nothing of the server). */
export type OrderView = OrderJson;

export type ApiAnswer<T> = {
  status: number;
  data?: T;
  error?: { code: string; message: string; fields?: Record<string, string[]> };
  /** SAME_ORDER_PENDING carries the existing order here. */
  pending?: OrderView;
};

/** A call to our API as the spec's client makes it (section 7 headers, CSRF on writes). */
export async function api<T>(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (method !== 'GET') {
    headers[CSRF_HEADER] = await csrfToken();
    const source = readSourceId();
    if (source) headers['X-Source-Id'] = source;
  }
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const send = () =>
    fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  let res = await send();
  if (res.status === 419 && method !== 'GET') {
    // The token of another session (it changes with the session): once more with a fresh one.
    headers[CSRF_HEADER] = await freshCsrfToken();
    res = await send();
  }
  let json: { data?: { data?: T }; error?: ApiAnswer<T>['error'] } = {};
  try {
    json = (await res.json()) as typeof json;
  } catch {
    // empty or not JSON
  }
  return {
    status: res.status,
    data: res.ok ? json.data?.data : undefined,
    error: json.error,
    pending: res.ok ? undefined : (json.data?.data as OrderView | undefined),
  };
}

const RECAP_KEY = 'recap-company-storage';
export type RecapStore = { companyId: string; values?: Record<string, string> };

export function readRecap(): RecapStore | null {
  try {
    const raw = window.localStorage.getItem(RECAP_KEY);
    return raw ? ((JSON.parse(raw) as { state?: RecapStore }).state ?? null) : null;
  } catch {
    return null;
  }
}

export function storeRecap(state: RecapStore): void {
  try {
    window.localStorage.setItem(RECAP_KEY, JSON.stringify({ state, version: 0 }));
  } catch {
    // private browsing: the form is simply not remembered
  }
}

/**
 * The e-commerce event of spec section 3 (items with price, currency EUR, value = sum), pushed to
 * the data layer only when the visitor allowed statistics or marketing.
 */
export function pushPurchaseEvent(
  orderId: string,
  items: { id: string; name: string; priceCents: number }[],
): void {
  const consent = readConsentCookie(document.cookie);
  if (!consent || !(consent.statistics || consent.marketing)) return;
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  const list = items.map((i) => ({
    item_id: i.id,
    item_name: i.name,
    price: i.priceCents / 100,
    quantity: 1,
  }));
  w.dataLayer.push({ ecommerce: null });
  w.dataLayer.push({
    event: 'purchase',
    ecommerce: {
      transaction_id: orderId,
      currency: 'EUR',
      value: list.reduce((sum, i) => sum + i.price, 0),
      items: list,
    },
  });
}

export function euros(cents: number): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
