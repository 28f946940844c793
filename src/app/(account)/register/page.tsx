import { Suspense } from 'react';
import t from '@/i18n/fr/account';
import { RegisterForm } from '@/ui/account/AuthForms';
import s from '@/ui/account/account.module.css';
import { frameMetadata } from '@/ui/frame/metadata';

/**
 * A personal page (account, payment, orders): rendered per request, so Next answers
 * `Cache-Control: private, no-store` and no shared cache keeps it (a static shell was sent with
 * `s-maxage` of a year). Checked by src/security/personal-pages.test.ts.
 */
export const dynamic = 'force-dynamic';

export const metadata = frameMetadata('/register', {
  title: t.register.title,
  robots: { index: false, follow: false },
});

export default function RegisterPage() {
  return (
    <div className={s.narrow}>
      <h1 className={s.title}>{t.register.title}</h1>
      <p className={s.intro}>{t.register.intro}</p>
      <Suspense>
        <RegisterForm />
      </Suspense>
    </div>
  );
}
