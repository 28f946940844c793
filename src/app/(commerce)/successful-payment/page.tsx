import type { Metadata } from 'next';
import { Suspense } from 'react';
import { messages } from '@/i18n';
import { frameMetadata } from '@/ui/frame/metadata';
import { SuccessfulPayment } from '@/ui/orders/SuccessfulPayment';
import s from '@/ui/orders/orders.module.css';

/**
 * A personal page (account, payment, orders): rendered per request, so Next answers
 * `Cache-Control: private, no-store` and no shared cache keeps it (a static shell was sent with
 * `s-maxage` of a year). Checked by src/security/personal-pages.test.ts.
 */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = frameMetadata('/successful-payment', {
  title: messages.orders.success.title,
  robots: { index: false, follow: false },
});

export default function Page() {
  return (
    <div className={`container ${s.page}`}>
      <Suspense fallback={null}>
        <SuccessfulPayment />
      </Suspense>
    </div>
  );
}
