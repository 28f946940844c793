import orders from '@/i18n/fr/orders';
import { translator } from '@/i18n/lookup';

/** The orders namespace alone: these Client Components do not bundle the other messages. */
export const ordersText = orders;
export const tOrders = translator(orders, 'orders');
