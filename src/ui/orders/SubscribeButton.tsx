'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { ordersText } from './text';
import { toast } from '@/ui/toast/toast';
import { api } from './client';
import s from './orders.module.css';

/** Opens the subscription's checkout; a guest logs in first and comes back to /nos-tarifs. */
export function SubscribeButton() {
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  async function subscribe() {
    setBusy(true);
    const res = await api<{ url: string }>('/api/subscription/checkout', { method: 'POST' });
    setBusy(false);
    if (res.data) {
      window.location.assign(res.data.url);
    } else if (res.status === 401) {
      router.push(`/login?next=${encodeURIComponent('/nos-tarifs')}`);
    } else {
      toast.error(res.error?.message ?? ordersText.genericError);
    }
  }
  return (
    <button type="button" className={s.button} onClick={() => void subscribe()} disabled={busy}>
      {ordersText.prices.subscribe}
    </button>
  );
}
