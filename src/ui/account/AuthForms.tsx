'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormSetError,
} from 'react-hook-form';
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

/** A new password typed twice (sign-up, reset): the second must match the first. */
const newPassword = z.object({ password, password_confirmation: z.string() });
const samePassword: [
  (v: z.infer<typeof newPassword>) => boolean,
  { path: string[]; message: string },
] = [
  (v) => v.password === v.password_confirmation,
  { path: ['password_confirmation'], message: t.common.passwordsDiffer },
];

/** The form's message, read out as an alert. */
function FormAlert({ text }: { text: string | null | undefined }) {
  return text ? (
    <p className={s.alert} role="alert">
      {text}
    </p>
  ) : null;
}

function Submit({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button className={s.button} type="submit" disabled={busy}>
      {label}
    </button>
  );
}

const PASSWORD = { id: 'password', label: t.common.password, type: 'password' };
const EMAIL = { id: 'email', label: t.common.email, type: 'email', autoComplete: 'email' };

function EmailField(props: { error?: string; registration: UseFormRegisterReturn }) {
  return <Field {...EMAIL} {...props} />;
}

/** The new password and its confirmation. */
function NewPasswordFields({
  errors,
  register,
  hint,
}: {
  errors: FieldErrors<z.infer<typeof newPassword>>;
  register: (name: 'password' | 'password_confirmation') => UseFormRegisterReturn;
  hint?: string;
}) {
  return (
    <>
      <Field
        {...PASSWORD}
        autoComplete="new-password"
        hint={hint}
        error={errors.password?.message}
        registration={register('password')}
      />
      <Field
        id="password_confirmation"
        label={t.common.passwordConfirmation}
        type="password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        registration={register('password_confirmation')}
      />
    </>
  );
}

/** From login to sign-up or back, keeping the query (the page to go back to, a company to follow). */
const SWITCH = {
  register: { text: t.login.noAccount, label: t.login.register },
  login: { text: t.register.hasAccount, label: t.register.login },
};

function SwitchLink({ to, params }: { to: keyof typeof SWITCH; params: URLSearchParams }) {
  const query = params.toString();
  return (
    <span>
      {SWITCH[to].text} <Link href={query ? `/${to}?${query}` : `/${to}`}>{SWITCH[to].label}</Link>
    </span>
  );
}

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
      <FormAlert text={message} />
      <EmailField error={errors.email?.message} registration={form.register('email')} />
      <Field
        {...PASSWORD}
        autoComplete="current-password"
        error={errors.password?.message}
        registration={form.register('password')}
      />
      <label className={s.row}>
        <input type="checkbox" {...form.register('remember')} /> {t.login.remember}
      </label>
      {needCaptcha ? <p className={s.hint}>{t.common.captchaWorking}</p> : null}
      <Submit busy={form.formState.isSubmitting} label={t.login.submit} />
      <div className={s.links}>
        <Link href="/forgot-password">{t.login.forgot}</Link>
        <SwitchLink to="register" params={params} />
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
  const schema = newPassword.extend({ name: z.string().max(120), email }).refine(...samePassword);
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
      <FormAlert text={message} />
      <Field
        id="name"
        label={t.register.name}
        autoComplete="name"
        error={errors.name?.message}
        registration={form.register('name')}
      />
      <EmailField error={errors.email?.message} registration={form.register('email')} />
      <NewPasswordFields
        errors={errors}
        register={form.register}
        hint={t.register.passwordHint.replace('{min}', String(PASSWORD_MIN_LENGTH))}
      />
      <Submit busy={form.formState.isSubmitting} label={t.register.submit} />
      <div className={s.links}>
        <SwitchLink to="login" params={params} />
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
      <EmailField
        error={form.formState.errors.email?.message}
        registration={form.register('email')}
      />
      <Submit busy={form.formState.isSubmitting} label={t.forgot.submit} />
      <Link href="/login">{t.forgot.back}</Link>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const params = useSearchParams();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const schema = newPassword.refine(...samePassword);
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
      <FormAlert text={message?.text} />
      <NewPasswordFields errors={errors} register={form.register} />
      <Submit busy={form.formState.isSubmitting} label={t.reset.submit} />
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
