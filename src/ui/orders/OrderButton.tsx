'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import orderButton from '@/i18n/fr/order-button';
import { interpolate } from '@/i18n/interpolate';
import { toast } from '@/ui/toast/toast';
import { api, euros, type OrderView } from './client';
import s from './orders.module.css';

const ORDER_PARAM = 'commander';

/** Where an order goes next: its payment while it waits for one, else its page. */
export function nextStep(order: OrderView): string {
  return order.payment_url ?? `/commandes/${order.id}`;
}

/**
 * The order button of a service or company page (spec section 7): places the order in the
 * browser, so the page around it stays the same for everyone and cacheable. A guest is sent to
 * log in and comes back here with `?commander={kind}:{siren}`, which places that order (and no
 * other of the page's buttons) at once.
 */
export function OrderButton({
  kind,
  siren,
  priceCents,
  body,
  label,
  endpoint,
  choice,
}: {
  kind: string;
  siren: string;
  priceCents: number;
  body?: Record<string, unknown>;
  label?: string;
  /** A kind with its own route (director-report): where the order is posted. */
  endpoint?: string;
  /** Tells the buttons of one kind apart on a page (a brand, a notice…), for the resumed order. */
  choice?: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const resumed = useRef(false);

  const resumeKey = `${kind}:${siren.padStart(9, '0')}${choice ? `:${choice}` : ''}`;

  async function place() {
    setBusy(true);
    try {
      const res = await api<OrderView>(endpoint ?? `/api/${kind}/${siren.padStart(9, '0')}/order`, {
        method: 'POST',
        body,
      });
      if (res.data) {
        router.push(nextStep(res.data));
        return;
      }
      if (res.status === 401) {
        toast.info(orderButton.loginFirst);
        const back = new URL(window.location.href);
        back.searchParams.set(ORDER_PARAM, resumeKey);
        router.push(`/login?next=${encodeURIComponent(back.pathname + back.search)}`);
        return;
      }
      if (res.error?.code === 'SAME_ORDER_PENDING' && res.pending) {
        // Spec section 8: shown as an error at top centre.
        toast.error(orderButton['same-order-pending'], { position: 'top' });
        router.push(nextStep(res.pending));
        return;
      }
      toast.error(res.error?.message ?? orderButton.genericError);
    } catch {
      toast.error(orderButton.genericError);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    const url = new URL(window.location.href);
    if (resumed.current || url.searchParams.get(ORDER_PARAM) !== resumeKey) return;
    resumed.current = true;
    url.searchParams.delete(ORDER_PARAM);
    window.history.replaceState(null, '', url.pathname + url.search);
    void place();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resumeKey]);

  return (
    <button type="button" className={s.button} onClick={() => void place()} disabled={busy}>
      {busy
        ? orderButton.ordering
        : (label ?? interpolate(orderButton.orderFor, { price: euros(priceCents) }))}
    </button>
  );
}
