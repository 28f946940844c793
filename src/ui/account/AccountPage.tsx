'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@/accounts/limits';
import type { SessionSummary } from '@/accounts/session-handlers';
import t from '@/i18n/fr/account';
import { api, fetchMe, type Me } from './client';
import { Field } from './Field';
import { ListsTab } from './ListsTab';
import { AlertsTab } from './AlertsTab';
import { SavedSearchesTab } from './SavedSearchesTab';
import { OrdersTab } from './OrdersTab';
import { ClaimsTab } from './ClaimsTab';
import { ApiTab } from './ApiTab';
import s from './account.module.css';

const TABS = [
  'profile',
  'security',
  'lists',
  'alerts',
  'searches',
  'orders',
  'companies',
  'api',
  'data',
] as const;
type Tab = (typeof TABS)[number];

/**
 * /mon-compte. An authenticated page: with no user (401, no retry) the visitor goes home
 * (spec section 4). The tab is kept in the address (#listes…) so a link can open one.
 */
export function AccountPage() {
  const router = useRouter();
  const [me, setMe] = useState<Me | null>(null);
  const [tab, setTab] = useState<Tab>('profile');
  useEffect(() => {
    void fetchMe().then((user) => {
      if (!user) return router.replace('/');
      const fromHash = window.location.hash.slice(1) as Tab;
      if (TABS.includes(fromHash)) setTab(fromHash);
      setMe(user);
    });
  }, [router]);
  // A link to another tab of this page (/mon-compte#orders from the account menu, while on
  // /mon-compte) only changes the hash: follow it.
  useEffect(() => {
    const follow = () => {
      const fromHash = window.location.hash.slice(1) as Tab;
      if (TABS.includes(fromHash)) setTab(fromHash);
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const choose = (next: Tab) => {
    setTab(next);
    window.history.replaceState(window.history.state, '', `#${next}`);
  };
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const logout = async () => {
    setLogoutError(null);
    const r = await api('POST', '/logout');
    // Not logged out until the server says so (a 503 keeps the session, and the cookie).
    if (!r.ok && r.status !== 401) return setLogoutError(r.message);
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load: the frame reads the login state again
    window.location.assign('/');
  };
  if (!me) {
    return (
      <div className={s.page}>
        <h1 className={s.title}>{t.myAccount.title}</h1>
        <p>{t.common.loading}</p>
      </div>
    );
  }
  return (
    <div className={s.page} data-testid="account-page">
      <div className={s.header}>
        <div>
          <h1 className={s.title}>{t.myAccount.title}</h1>
          <p className={s.intro}>
            {me.email}
            {me.email_verified_at ? '' : ` — ${t.myAccount.security.unverified}`}
          </p>
        </div>
        <button className={s.secondary} type="button" onClick={() => void logout()}>
          {t.myAccount.logout}
        </button>
      </div>
      {logoutError ? (
        <p className={s.alert} role="alert">
          {logoutError}
        </p>
      ) : null}
      <div className={s.tabs} role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            role="tab"
            type="button"
            aria-selected={tab === k}
            className={tab === k ? s.tabActive : s.tab}
            onClick={() => choose(k)}
          >
            {t.myAccount.tabs[k]}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'profile' ? <ProfileTab me={me} onSaved={setMe} /> : null}
        {tab === 'security' ? <SecurityTab me={me} /> : null}
        {tab === 'lists' ? <ListsTab /> : null}
        {tab === 'alerts' ? <AlertsTab /> : null}
        {tab === 'searches' ? <SavedSearchesTab /> : null}
        {tab === 'orders' ? <OrdersTab /> : null}
        {tab === 'companies' ? <ClaimsTab /> : null}
        {tab === 'api' ? <ApiTab /> : null}
        {tab === 'data' ? <DataTab /> : null}
      </div>
    </div>
  );
}

function Status({ state }: { state: { ok: boolean; text: string } | null }) {
  if (!state) return null;
  return (
    <p className={state.ok ? s.success : s.alert} role={state.ok ? 'status' : 'alert'}>
      {state.text}
    </p>
  );
}

const PROFILE_FIELDS = [
  ['firstname', t.myAccount.profile.firstname, 80],
  ['lastname', t.myAccount.profile.lastname, 80],
  ['company_name', t.myAccount.profile.companyName, 80],
  ['postcode', t.myAccount.profile.postcode, 5],
  ['phone', t.myAccount.profile.phone, 80],
  ['vat_number', t.myAccount.profile.vatNumber, 80],
] as const;

function ProfileTab({ me, onSaved }: { me: Me; onSaved: (m: Me) => void }) {
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<Record<string, string>>({
    defaultValues: Object.fromEntries(PROFILE_FIELDS.map(([k]) => [k, me.profile?.[k] ?? ''])),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    // One pair of fields, « Prénom » and « Nom » (no separate « Nom » beside « Nom de famille »):
    // the account's name is the two together, kept as it was when both are empty.
    const name =
      [values.firstname, values.lastname]
        .map((v) => v?.trim())
        .filter(Boolean)
        .join(' ') || me.name;
    const r = await api<Me>('POST', '/api/me', { ...values, name, _method: 'PATCH' });
    // A 422 on profile update is ignored (spec section 8): the form stays as typed.
    if (r.ok) {
      onSaved({ ...me, ...r.data });
      setState({ ok: true, text: t.common.saved });
    } else if (r.status !== 422) setState({ ok: false, text: r.message });
  });
  return (
    <form className={s.form} onSubmit={onSubmit} style={{ maxWidth: 520 }}>
      <Status state={state} />
      {PROFILE_FIELDS.map(([k, label, max]) => (
        <Field key={k} id={k} label={label} maxLength={max} registration={form.register(k)} />
      ))}
      <button className={s.button} type="submit" disabled={form.formState.isSubmitting}>
        {t.myAccount.profile.save}
      </button>
    </form>
  );
}

/** The password form's fields: id, name, autocomplete and label. */
const PASSWORD_FIELDS = [
  [
    'current_password',
    'current_password',
    'current-password',
    t.myAccount.security.currentPassword,
  ],
  ['new_password', 'password', 'new-password', t.myAccount.security.newPassword],
  [
    'new_password_confirmation',
    'password_confirmation',
    'new-password',
    t.common.passwordConfirmation,
  ],
] as const;

function SecurityTab({ me }: { me: Me }) {
  const [emailState, setEmailState] = useState<{ ok: boolean; text: string } | null>(null);
  const [pwState, setPwState] = useState<{ ok: boolean; text: string } | null>(null);
  const emailForm = useForm<{ email: string; current_password: string }>({
    resolver: zodResolver(
      z.object({
        email: z.string().trim().email(t.common.invalidEmail),
        current_password: z.string().min(1, t.common.required),
      }),
    ),
    defaultValues: { email: me.email, current_password: '' },
  });
  const pwSchema = z
    .object({
      current_password: z.string().min(1, t.common.required),
      password: z
        .string()
        .min(
          PASSWORD_MIN_LENGTH,
          t.common.passwordTooShort.replace('{min}', String(PASSWORD_MIN_LENGTH)),
        ),
      password_confirmation: z.string(),
    })
    .refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      message: t.common.passwordsDiffer,
    });
  const pwForm = useForm<z.infer<typeof pwSchema>>({
    resolver: zodResolver(pwSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const saveEmail = emailForm.handleSubmit(async (v) => {
    const r = await api<{ status?: string }>('POST', '/api/me', {
      email: v.email,
      current_password: v.current_password,
      _method: 'PATCH',
    });
    if (r.ok) emailForm.setValue('current_password', '');
    setEmailState(
      r.ok
        ? { ok: true, text: r.data?.status ?? t.common.saved }
        : {
            ok: false,
            text: r.fields?.email?.[0] ?? r.fields?.current_password?.[0] ?? r.message,
          },
    );
  });
  const savePassword = pwForm.handleSubmit(async (v) => {
    const r = await api('POST', '/api/me', { ...v, _method: 'PATCH' });
    if (r.ok) {
      pwForm.reset();
      setPwState({ ok: true, text: t.myAccount.security.passwordChanged });
    } else {
      const first = Object.values(r.fields ?? {})[0]?.[0];
      setPwState({ ok: false, text: first ?? r.message });
    }
  });
  const e = pwForm.formState.errors;
  return (
    <div className={s.grid}>
      <form className={`${s.form} ${s.card}`} onSubmit={saveEmail}>
        <h2>{t.myAccount.security.emailTitle}</h2>
        <Status state={emailState} />
        <Field
          id="new-email"
          type="email"
          label={t.myAccount.security.newEmail}
          error={emailForm.formState.errors.email?.message}
          registration={emailForm.register('email')}
        />
        <Field
          id="email-current-password"
          type="password"
          autoComplete="current-password"
          label={t.myAccount.security.currentPassword}
          hint={t.myAccount.security.emailHint}
          error={emailForm.formState.errors.current_password?.message}
          registration={emailForm.register('current_password')}
        />
        <button className={s.button} type="submit">
          {t.myAccount.security.saveEmail}
        </button>
      </form>
      <form className={`${s.form} ${s.card}`} onSubmit={savePassword}>
        <h2>{t.myAccount.security.passwordTitle}</h2>
        <Status state={pwState} />
        {PASSWORD_FIELDS.map(([id, name, autoComplete, label]) => (
          <Field
            key={id}
            id={id}
            type="password"
            autoComplete={autoComplete}
            label={label}
            error={e[name]?.message}
            registration={pwForm.register(name)}
          />
        ))}
        <button className={s.button} type="submit">
          {t.myAccount.security.savePassword}
        </button>
      </form>
      <SessionsCard />
    </div>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

/** The user's open sessions, each with « Déconnecter », and « … toutes les autres ». */
function SessionsCard() {
  const [rows, setRows] = useState<SessionSummary[] | null>(null);
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  // Bumped after a revocation: the list is read again.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void api<SessionSummary[]>('GET', '/api/me/sessions').then((r) =>
      r.ok ? setRows(r.data) : setState({ ok: false, text: r.message }),
    );
  }, [version]);
  const revoke = async (row: SessionSummary) => {
    const r = await api('DELETE', `/api/me/sessions/${encodeURIComponent(row.id)}`);
    if (!r.ok) return setState({ ok: false, text: r.message });
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- this browser is logged out: a full load
    if (row.current) return window.location.assign('/');
    setState({ ok: true, text: t.myAccount.sessions.revoked });
    setVersion((v) => v + 1);
  };
  const revokeOthers = async () => {
    const r = await api('DELETE', '/api/me/sessions');
    if (!r.ok) return setState({ ok: false, text: r.message });
    setState({ ok: true, text: t.myAccount.sessions.othersRevoked });
    setVersion((v) => v + 1);
  };
  const m = t.myAccount.sessions;
  return (
    <div className={s.card} data-testid="sessions">
      <h2>{m.title}</h2>
      <Status state={state} />
      {rows === null ? <p>{t.common.loading}</p> : null}
      <ul className={s.sessions}>
        {(rows ?? []).map((row) => (
          <li key={row.id}>
            <strong>{row.device}</strong>
            {row.current ? ` — ${m.current}` : null}
            <br />
            <span className={s.hint}>
              {m.created.replace('{date}', when(row.created_at))} ·{' '}
              {m.lastSeen.replace('{date}', when(row.last_seen_at))}
              {row.ip_prefix ? ` · ${m.address.replace('{ip}', row.ip_prefix)}` : ''}
            </span>
            <br />
            <button className={s.secondary} type="button" onClick={() => void revoke(row)}>
              {m.revoke}
            </button>
          </li>
        ))}
      </ul>
      {rows && rows.some((r) => !r.current) ? (
        <button className={s.secondary} type="button" onClick={() => void revokeOthers()}>
          {m.revokeOthers}
        </button>
      ) : null}
    </div>
  );
}

function DataTab() {
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useCallback(async () => {
    const r = await api('POST', '/api/me', { _method: 'DELETE', password, confirm: true });
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load: the frame reads the login state again
    if (r.ok) window.location.assign('/');
    else setError(r.fields?.password?.[0] ?? r.fields?.confirm?.[0] ?? r.message);
  }, [password]);
  return (
    <div className={s.grid}>
      <div className={s.card}>
        <h2>{t.myAccount.data.exportTitle}</h2>
        <p>{t.myAccount.data.exportText}</p>
        <a className={s.secondary} href="/api/me/export" download>
          {t.myAccount.data.export}
        </a>
      </div>
      <div className={s.card}>
        <h2>{t.myAccount.data.deleteTitle}</h2>
        <p>{t.myAccount.data.deleteText}</p>
        {error ? <p className={s.alert}>{error}</p> : null}
        <div className={s.form}>
          <div className={s.field}>
            <label htmlFor="delete-password">{t.common.password}</label>
            <input
              id="delete-password"
              className={s.input}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <label className={s.row}>
            <input
              type="checkbox"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
            />{' '}
            {t.myAccount.data.confirm}
          </label>
          <button
            className={s.danger}
            type="button"
            disabled={!confirmed || !password}
            onClick={() => void remove()}
          >
            {t.myAccount.data.delete}
          </button>
        </div>
      </div>
    </div>
  );
}
