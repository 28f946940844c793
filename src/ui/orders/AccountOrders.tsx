'use client';

import { useEffect, useState } from 'react';
import { ordersText, tOrders } from './text';
import { toast } from '@/ui/toast/toast';
import { api, euros, type OrderView } from './client';
import s from './orders.module.css';
import { ScrollRegion } from '@/ui/scroll/ScrollRegion';
import { ColumnHeads } from '@/ui/table/ColumnHeads';
import type { BillingDocumentJson } from '@/payments/invoices';

type Subscription = {
  active: boolean;
  monthly_quota: number;
  quota_used: number;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
};

const dateFr = (iso: string) => new Intl.DateTimeFormat('fr-FR').format(new Date(iso));

/** The orders tab of /mon-compte: history, invoices, exports and the subscription. */
export function AccountOrders() {
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  const [sub, setSub] = useState<Subscription | null>(null);
  const [billing, setBilling] = useState<BillingDocumentJson[] | null>(null);
  const m = ordersText.account;

  useEffect(() => {
    void api<OrderView[]>('/api/orders').then((r) => setOrders(r.data ?? []));
    void api<Subscription>('/api/subscription').then((r) => setSub(r.data ?? null));
    void api<BillingDocumentJson[]>('/api/invoices').then((r) => setBilling(r.data ?? []));
  }, []);

  async function cancel() {
    const r = await api<Subscription>('/api/subscription/cancel', { method: 'POST' });
    if (r.data) {
      setSub(r.data);
      toast.success(m.cancelDone);
    } else toast.error(r.error?.message ?? ordersText.genericError);
  }

  return (
    <section aria-labelledby="account-orders">
      <h2 id="account-orders">{m.title}</h2>
      {sub && (
        <div className={s.plan}>
          <h3>{m.subscription}</h3>
          {!sub.active && <p>{m.notSubscribed}</p>}
          {sub.active && sub.current_period_end && (
            <>
              <p>
                {sub.cancel_at_period_end
                  ? tOrders('account.cancelled', { date: dateFr(sub.current_period_end) })
                  : tOrders('account.subscribed', {
                      date: dateFr(sub.current_period_end),
                      used: sub.quota_used,
                      quota: sub.monthly_quota,
                    })}
              </p>
              {!sub.cancel_at_period_end && (
                <button type="button" className={s.secondary} onClick={() => void cancel()}>
                  {m.cancel}
                </button>
              )}
            </>
          )}
        </div>
      )}
      <div className={s.actions}>
        <a className={s.secondary} href="/api/orders-exports?format=csv" download>
          {tOrders('account.export', { format: 'CSV' })}
        </a>
        <a className={s.secondary} href="/api/orders-exports?format=xlsx" download>
          {tOrders('account.export', { format: 'Excel' })}
        </a>
      </div>
      {orders && orders.length === 0 && <p>{m.empty}</p>}
      {orders && orders.length > 0 && (
        <ScrollRegion label={m.title}>
          <table className={s.table}>
            <ColumnHeads labels={[m.date, m.document, m.state, m.total, m.invoice]} />
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>{dateFr(o.created_at)}</td>
                  <td>
                    <a href={`/commandes/${o.id}`}>{o.label}</a>
                    {o.company ? ` — ${o.company}` : ''}
                  </td>
                  <td>{ordersText.states[o.state as keyof typeof ordersText.states] ?? o.state}</td>
                  <td>{euros(o.total_cents)}</td>
                  <td>
                    {o.invoice ? (
                      <a href={o.invoice.url}>
                        {tOrders('orderPage.invoice', { number: o.invoice.reference })}
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <h3 id="account-billing">{m.billingTitle}</h3>
      {billing && billing.length === 0 && <p>{m.billingEmpty}</p>}
      {billing && billing.length > 0 && (
        <ScrollRegion label={m.billingTitle}>
          <table className={s.table} aria-labelledby="account-billing">
            <ColumnHeads labels={[m.date, m.billingNumber, m.billingLabel, m.billingAmount]} />
            <tbody>
              {billing.map((d) => (
                <tr key={d.id}>
                  <td>{dateFr(d.issued_at)}</td>
                  <td>
                    <a href={d.url}>
                      {tOrders(
                        d.type === 'invoice' ? 'account.invoiceOf' : 'account.creditNoteOf',
                        {
                          number: d.number,
                        },
                      )}
                    </a>
                    {d.cancels ? ` (${tOrders('account.cancels', { number: d.cancels })})` : ''}
                  </td>
                  <td>{d.label}</td>
                  <td>{euros(d.type === 'invoice' ? d.total_cents : -d.total_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
