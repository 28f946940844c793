import type { Metadata } from 'next';
import { messages } from '@/i18n';
import { frameMetadata } from '@/ui/frame/metadata';
import { OrderStatus } from '@/ui/orders/OrderStatus';
import s from '@/ui/orders/orders.module.css';

export const metadata: Metadata = frameMetadata('/commandes', {
  title: messages.orders.orderPage.title,
  robots: { index: false, follow: false },
});

/** /commandes/{id}: the same HTML for every order; the order itself is read in the browser. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <div className={`container ${s.page}`}>
      <h1 className={s.title}>{messages.orders.orderPage.title}</h1>
      <OrderStatus id={id} />
    </div>
  );
}
