'use client';

import { useEffect } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { ordersText } from './text';
import { api, pushPurchaseEvent, readRecap, type OrderView } from './client';

/**
 * /successful-payment: the user's onboarding information is updated first (spec section 2, from
 * the company-data form), then the e-commerce event, then the order page.
 */
export function SuccessfulPayment() {
  const orderId = useSearchParams().get('order');
  const router = useRouter();
  useEffect(() => {
    void (async () => {
      const recap = readRecap();
      if (recap?.values) {
        await api('/api/onboarding/user-infos', {
          method: 'POST',
          body: { ...recap.values, _method: 'PATCH' },
        }).catch(() => undefined);
      }
      if (!orderId) {
        router.replace('/mon-compte');
        return;
      }
      const res = await api<OrderView>(`/api/orders/${orderId}`).catch(() => null);
      if (res?.data) {
        pushPurchaseEvent(res.data.id, [
          { id: res.data.kind, name: res.data.label, priceCents: res.data.total_cents },
        ]);
      }
      router.replace(`/commandes/${orderId}`);
    })();
  }, [orderId, router]);
  return (
    <>
      <h1>{ordersText.success.title}</h1>
      <p>{ordersText.success.text}</p>
    </>
  );
}
