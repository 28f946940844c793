import type { Metadata } from 'next';
import { Suspense } from 'react';
import { messages } from '@/i18n';
import { frameMetadata } from '@/ui/frame/metadata';
import { CheckoutForm } from '@/ui/orders/CheckoutForm';
import s from '@/ui/orders/orders.module.css';

/**
 * A personal page (account, payment, orders): rendered per request, so Next answers
 * `Cache-Control: private, no-store` and no shared cache keeps it (a static shell was sent with
 * `s-maxage` of a year). Checked by src/security/personal-pages.test.ts.
 */
export const dynamic = 'force-dynamic';

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
