'use client';

import { AccountOrders } from '@/ui/orders/AccountOrders';

/** The orders tab of /mon-compte: history, invoices, exports and the subscription. */
export function OrdersTab() {
  return <AccountOrders />;
}
