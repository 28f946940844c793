'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { ordersText, tOrders } from './text';
import { toast } from '@/ui/toast/toast';
import { euros, type OrderView } from './client';
import { useOrderPolling } from './useOrderPolling';
import s from './orders.module.css';

function download(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** /commandes/{id}: the order's state, polled every second, its files and its invoice. */
export function OrderStatus({ id }: { id: string }) {
  const router = useRouter();
  const { order, notFound, guest } = useOrderPolling(id, {
    onCompleted: (o: OrderView) => {
      if (o.downloads[0]) download(o.downloads[0].url);
    },
    onUnfulfillable: () => toast.error(ordersText['order-unfulfilable']),
  });
  const m = ordersText;
  // An account page: a visitor who is not logged in logs in, then comes back here.
  useEffect(() => {
    if (guest) router.replace(`/login?next=${encodeURIComponent(`/commandes/${id}`)}`);
  }, [guest, id, router]);
  if (notFound) return <p>{m.orderPage.notFound}</p>;
  if (!order) return <p aria-busy="true">{m.orderPage.waiting}</p>;
  const failed = order.state === 'unfulfillable' || order.state === 'refunded';
  return (
    <section aria-live="polite">
      <p>
        <strong>{order.label}</strong>
        {order.company ? ` — ${order.company}` : ''} — {euros(order.total_cents)}
      </p>
      <p>
        État :{' '}
        <span className={s.state} data-state={order.state}>
          {m.states[order.state as keyof typeof m.states] ?? order.state}
        </span>
      </p>
      {order.state === 'pending_payment' && order.payment_url && (
        <a className={s.button} href={order.payment_url}>
          {m.orderPage.pay}
        </a>
      )}
      {(order.state === 'paid' || order.state === 'processing') && <p>{m.orderPage.waiting}</p>}
      {failed && (
        <div role="alert" className={s.notice}>
          <p>{m['order-unfulfilable']}</p>
          {order.failure_reason && (
            <p>{tOrders('orderPage.reason', { reason: order.failure_reason })}</p>
          )}
        </div>
      )}
      {order.state === 'completed' && (
        <>
          <p>{m.orderPage.ready}</p>
          <div className={s.actions}>
            {order.downloads.map((d) => (
              <a key={d.format} className={s.button} href={d.url} download>
                {tOrders('orderPage.download', { format: d.format.toUpperCase() })}
              </a>
            ))}
          </div>
        </>
      )}
      {order.invoice && (
        <p>
          <a href={order.invoice.url}>
            {tOrders('orderPage.invoice', { number: order.invoice.reference })}
          </a>
          {order.credit_note && (
            <>
              {' · '}
              <a href={order.credit_note.url}>
                {tOrders('orderPage.creditNote', { number: order.credit_note.reference })}
              </a>
            </>
          )}
        </p>
      )}
    </section>
  );
}
