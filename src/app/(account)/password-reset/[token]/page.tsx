import { Suspense } from 'react';
import t from '@/i18n/fr/account';
import { ResetPasswordForm } from '@/ui/account/AuthForms';
import s from '@/ui/account/account.module.css';
import { frameMetadata } from '@/ui/frame/metadata';
import { decodePageParam } from '@/lib/http/path';

/**
 * A personal page (account, payment, orders): rendered per request, so Next answers
 * `Cache-Control: private, no-store` and no shared cache keeps it (a static shell was sent with
 * `s-maxage` of a year). Checked by src/security/personal-pages.test.ts.
 */
export const dynamic = 'force-dynamic';

export const metadata = frameMetadata('/password-reset', {
  title: t.reset.title,
  robots: { index: false, follow: false },
});

type Props = { params: Promise<{ token: string }> };

export default async function PasswordResetPage({ params }: Props) {
  const { token } = await params;
  return (
    <div className={s.narrow}>
      <h1 className={s.title}>{t.reset.title}</h1>
      <Suspense>
        <ResetPasswordForm token={decodePageParam(token).slice(0, 200)} />
      </Suspense>
    </div>
  );
}
