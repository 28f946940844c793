import { Suspense } from 'react';
import t from '@/i18n/fr/account';
import { VerifyEmail } from '@/ui/account/AuthForms';
import s from '@/ui/account/account.module.css';
import { frameMetadata } from '@/ui/frame/metadata';

export const metadata = frameMetadata('/verify-email', {
  title: t.verify.title,
  robots: { index: false, follow: false },
});

export default function VerifyEmailPage() {
  return (
    <div className={s.narrow}>
      <h1 className={s.title}>{t.verify.title}</h1>
      <Suspense>
        <VerifyEmail />
      </Suspense>
    </div>
  );
}
