import type { Metadata } from 'next';
import { Suspense } from 'react';
import { messages } from '@/i18n';
import { frameMetadata } from '@/ui/frame/metadata';
import { CheckoutForm } from '@/ui/orders/CheckoutForm';
import s from '@/ui/orders/orders.module.css';

export const metadata: Metadata = frameMetadata('/paiement-securise', {
  title: messages.orders.recap.title,
  robots: { index: false, follow: false },
});

export default function Page() {
  return (
    <div className={`container ${s.page}`}>
      <h1 className={s.title}>{messages.orders.recap.title}</h1>
      <p className={s.lead}>{messages.orders.recap.lead}</p>
      <Suspense fallback={null}>
        <CheckoutForm />
      </Suspense>
    </div>
  );
}
