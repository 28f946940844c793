'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@/accounts/limits';
import { safeNext } from '@/accounts/next-path';
import t from '@/i18n/fr/account';
import { toast } from '@/ui/toast/toast';
import { api, fetchMe, looksLoggedIn, type ApiFailure, type Me } from './client';
import { useCaptcha } from './captcha';
import { Field } from './Field';
import s from './account.module.css';

const email = z.string().trim().min(1, t.common.required).email(t.common.invalidEmail);
const password = z
  .string()
  .min(
    PASSWORD_MIN_LENGTH,
    t.common.passwordTooShort.replace('{min}', String(PASSWORD_MIN_LENGTH)),
  );

/** Server field errors (422) onto the form; anything else as the form's message. */
function applyFailure<T extends FieldValues>(
  f: ApiFailure,
  setError: UseFormSetError<T>,
  known: string[],
): string | null {
  let placed = false;
  for (const [k, msgs] of Object.entries(f.fields ?? {})) {
    if (known.includes(k)) {
      setError(k as Path<T>, { message: msgs[0] });
      placed = true;
    }
  }
  return placed ? null : f.message;
}

/**
 * Guest-only pages: a logged-in user goes on to where they were heading (spec section 4), with
 * the message of the page, if any, as a toast (it survives the client-side navigation).
 */
function useGuestOnly(target: string, message?: string) {
  const router = useRouter();
  useEffect(() => {
    if (!looksLoggedIn()) return;
    void fetchMe().then((me) => {
      if (!me) return;
      if (message) toast.success(message);
      router.replace(target);
    });
  }, [router, target, message]);
}

/** After login: back to the page that asked (a follow click is done first), or home. */
async function afterLogin(next: string, follow: string | null) {
  if (follow && /^\d{9}$/.test(follow)) await api('POST', `/api/company/${follow}/follow`);

  window.location.assign(next);
}

export function LoginForm() {
  const params = useSearchParams();
  const next = safeNext(params.get('next'));
  const follow = params.get('suivre');
  // Back from a verification link: the address is confirmed, the person signs in as usual.
  const verified = params.get('verifie') === '1';
  useGuestOnly(next, verified ? t.verify.verified : undefined);
  const [message, setMessage] = useState<string | null>(null);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const takeCaptcha = useCaptcha(needCaptcha);
  const schema = z.object({
    email,
    password: z.string().min(1, t.common.required),
    remember: z.boolean(),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', remember: true },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const captcha = needCaptcha ? await takeCaptcha().catch(() => '') : undefined;
    const r = await api('POST', '/login', { ...values, captcha });
    if (r.ok) return afterLogin(next, follow);
    if (r.captchaRequired) setNeedCaptcha(true);
    // One message for a failed login (spec section 8).
    setMessage(r.message);
  });
  const errors = form.formState.errors;
  return (
    <form className={s.form} onSubmit={onSubmit} noValidate data-testid="login-form">
      {verified ? (
        <p className={s.success} role="status">
          {t.verify.verifiedLogin}
        </p>
      ) : null}
      {follow ? <p className={s.success}>{t.login.followAfter}</p> : null}
      {message ? (
        <p className={s.alert} role="alert">
          {message}
        </p>
      ) : null}
      <Field
        id="email"
        label={t.common.email}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <Field
        id="password"
        label={t.common.password}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        registration={form.register('password')}
      />
      <label className={s.row}>
        <input type="checkbox" {...form.register('remember')} /> {t.login.remember}
      </label>
      {needCaptcha ? <p className={s.hint}>{t.common.captchaWorking}</p> : null}
      <button className={s.button} type="submit" disabled={form.formState.isSubmitting}>
        {t.login.submit}
      </button>
      <div className={s.links}>
        <Link href="/forgot-password">{t.login.forgot}</Link>
        <span>
          {t.login.noAccount}{' '}
          <Link href={`/register${params.toString() ? `?${params.toString()}` : ''}`}>
            {t.login.register}
          </Link>
        </span>
      </div>
    </form>
  );
}

export function RegisterForm() {
  const params = useSearchParams();
  const follow = params.get('suivre');
  // Where the verification link brings the person back (the page that asked for the account).
  const next = safeNext(params.get('next'), '');
  useGuestOnly('/');
  const takeCaptcha = useCaptcha();
  const [message, setMessage] = useState<string | null>(null);
  const schema = z
    .object({ name: z.string().max(120), email, password, password_confirmation: z.string() })
    .refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      message: t.common.passwordsDiffer,
    });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const captcha = await takeCaptcha().catch(() => '');
    const r = await api('POST', '/register', { ...values, captcha, ...(next ? { next } : {}) });
    if (r.ok) {
      if (follow && /^\d{9}$/.test(follow)) await api('POST', `/api/company/${follow}/follow`);
      // A full load: the frame reads the login state again.
      window.location.assign(
        next ? `/verify-email?next=${encodeURIComponent(next)}` : '/verify-email',
      );
      return;
    }
    // Field errors of a 422 go to their fields (spec section 8).
    setMessage(
      applyFailure(r, form.setError, ['name', 'email', 'password', 'password_confirmation']),
    );
  });
  const errors = form.formState.errors;
  return (
    <form className={s.form} onSubmit={onSubmit} noValidate data-testid="register-form">
      {message ? (
        <p className={s.alert} role="alert">
          {message}
        </p>
      ) : null}
      <Field
        id="name"
        label={t.register.name}
        autoComplete="name"
        error={errors.name?.message}
        registration={form.register('name')}
      />
      <Field
        id="email"
        label={t.common.email}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <Field
        id="password"
        label={t.common.password}
        type="password"
        autoComplete="new-password"
        hint={t.register.passwordHint.replace('{min}', String(PASSWORD_MIN_LENGTH))}
        error={errors.password?.message}
        registration={form.register('password')}
      />
      <Field
        id="password_confirmation"
        label={t.common.passwordConfirmation}
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        registration={form.register('password_confirmation')}
      />
      <button className={s.button} type="submit" disabled={form.formState.isSubmitting}>
        {t.register.submit}
      </button>
      <div className={s.links}>
        <span>
          {t.register.hasAccount}{' '}
          <Link href={`/login${params.toString() ? `?${params.toString()}` : ''}`}>
            {t.register.login}
          </Link>
        </span>
      </div>
    </form>
  );
}

export function ForgotPasswordForm() {
  useGuestOnly('/');
  const takeCaptcha = useCaptcha();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const schema = z.object({ email });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const captcha = await takeCaptcha().catch(() => '');
    const r = await api<{ status: string }>('POST', '/forgot-password', { ...values, captcha });
    if (r.ok) setMessage({ ok: true, text: r.data.status });
    else setMessage({ ok: false, text: applyFailure(r, form.setError, ['email']) ?? '' });
  });
  return (
    <form className={s.form} onSubmit={onSubmit} noValidate data-testid="forgot-form">
      {message?.text ? (
        <p className={message.ok ? s.success : s.alert} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
      <Field
        id="email"
        label={t.common.email}
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        registration={form.register('email')}
      />
      <button className={s.button} type="submit" disabled={form.formState.isSubmitting}>
        {t.forgot.submit}
      </button>
      <Link href="/login">{t.forgot.back}</Link>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const params = useSearchParams();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const schema = z
    .object({ password, password_confirmation: z.string() })
    .refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      message: t.common.passwordsDiffer,
    });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    // Token and e-mail come from the mailed link (spec section 7).
    const r = await api('POST', '/reset-password', {
      ...values,
      token,
      email: params.get('email') ?? '',
    });
    if (r.ok) setMessage({ ok: true, text: t.reset.done });
    else
      setMessage({
        ok: false,
        text: applyFailure(r, form.setError, ['password', 'password_confirmation']) ?? '',
      });
  });
  if (message?.ok) {
    return (
      <div className={s.form}>
        <p className={s.success} role="status">
          {message.text}
        </p>
        <Link className={s.button} href="/login">
          {t.reset.login}
        </Link>
      </div>
    );
  }
  const errors = form.formState.errors;
  return (
    <form className={s.form} onSubmit={onSubmit} noValidate data-testid="reset-form">
      {message?.text ? (
        <p className={s.alert} role="alert">
          {message.text}
        </p>
      ) : null}
      <Field
        id="password"
        label={t.common.password}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        registration={form.register('password')}
      />
      <Field
        id="password_confirmation"
        label={t.common.passwordConfirmation}
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        registration={form.register('password_confirmation')}
      />
      <button className={s.button} type="submit" disabled={form.formState.isSubmitting}>
        {t.reset.submit}
      </button>
    </form>
  );
}

/** /verify-email: waits for the address to be verified, then moves on (spec section 4). */
export function VerifyEmail() {
  const router = useRouter();
  const params = useSearchParams();
  const [me, setMe] = useState<Me | null>(null);
  const [resent, setResent] = useState(false);
  const next = safeNext(params.get('next'), '/mon-compte');
  useEffect(() => {
    let stop = false;
    const check = async () => {
      const user = await fetchMe();
      if (stop) return;
      if (!user) return router.replace('/login?next=/verify-email');
      if (user.email_verified_at) {
        toast.success(t.verify.verified);
        return router.replace(next);
      }
      setMe(user);
    };
    void check();
    // The link may be opened in another tab: look again now and then.
    const timer = setInterval(() => void check(), 5000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [router, next]);
  return (
    <div className={s.form}>
      {params.get('erreur') ? <p className={s.alert}>{t.verify.badLink}</p> : null}
      {me ? <p>{t.verify.intro.replace('{email}', me.email)}</p> : <p>{t.common.loading}</p>}
      {resent ? <p className={s.success}>{t.verify.resent}</p> : null}
      <button
        className={s.secondary}
        type="button"
        disabled={!me}
        onClick={() => void api('POST', '/api/me/verification-email').then(() => setResent(true))}
      >
        {t.verify.resend}
      </button>
    </div>
  );
}
