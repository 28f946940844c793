import type { Metadata } from 'next';
import { messages } from '@/i18n';
import { frameMetadata } from '@/ui/frame/metadata';
import { OrderStatus } from '@/ui/orders/OrderStatus';
import s from '@/ui/orders/orders.module.css';

/**
 * A personal page (account, payment, orders): rendered per request, so Next answers
 * `Cache-Control: private, no-store` and no shared cache keeps it (a static shell was sent with
 * `s-maxage` of a year). Checked by src/security/personal-pages.test.ts.
 */
export const dynamic = 'force-dynamic';

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
