import { Suspense } from 'react';
import t from '@/i18n/fr/account';
import { ResetPasswordForm } from '@/ui/account/AuthForms';
import s from '@/ui/account/account.module.css';
import { frameMetadata } from '@/ui/frame/metadata';
import { decodePageParam } from '@/lib/http/path';

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
