'use client';

import { useEffect, useRef, useState } from 'react';
import { api, type OrderView } from './client';

/** Spec section 9: the order is read every second until it is completed or unfulfillable. */
export const ORDER_POLLING_INTERVAL_MS = 1000;

const FAILED = new Set(['unfulfillable', 'refunded']);

/**
 * Polls an order (spec section 4): on completed, `onCompleted`; on unfulfillable (or already
 * refunded), `onUnfulfillable`; polling stops on either.
 */
export function useOrderPolling(
  id: string,
  handlers: { onCompleted?: (o: OrderView) => void; onUnfulfillable?: (o: OrderView) => void },
): { order: OrderView | null; notFound: boolean; guest: boolean } {
  const [order, setOrder] = useState<OrderView | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [guest, setGuest] = useState(false);
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const res = await api<OrderView>(`/api/orders/${id}`).catch(() => null);
      if (stopped) return;
      if (res?.status === 401) {
        setGuest(true);
        return;
      }
      if (res?.status === 404) {
        setNotFound(true);
        return;
      }
      const o = res?.data;
      if (o) {
        setOrder(o);
        if (o.state === 'completed') return ref.current.onCompleted?.(o);
        if (FAILED.has(o.state)) return ref.current.onUnfulfillable?.(o);
      }
      timer = setTimeout(() => void tick(), ORDER_POLLING_INTERVAL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);

  return { order, notFound, guest };
}
