import type { Metadata } from 'next';
import { Suspense } from 'react';
import { messages } from '@/i18n';
import { frameMetadata } from '@/ui/frame/metadata';
import { TestCardPayment } from '@/ui/orders/TestCardPayment';
import s from '@/ui/orders/orders.module.css';

export const metadata: Metadata = frameMetadata('/payment', {
  title: messages.orders.payment.title,
  robots: { index: false, follow: false },
});

/** The test provider's card page; with Stripe configured, buyers pay on Stripe Checkout instead. */
export default function Page() {
  return (
    <div className={`container ${s.page}`}>
      <h1 className={s.title}>{messages.orders.payment.title}</h1>
      <Suspense fallback={null}>
        <TestCardPayment />
      </Suspense>
    </div>
  );
}
