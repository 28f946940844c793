import { Suspense } from 'react';
import t from '@/i18n/fr/account';
import { RegisterForm } from '@/ui/account/AuthForms';
import s from '@/ui/account/account.module.css';
import { frameMetadata } from '@/ui/frame/metadata';

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
