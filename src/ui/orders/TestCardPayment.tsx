'use client';

import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { ordersText, tOrders } from './text';
import { toast } from '@/ui/toast/toast';
import { api, euros } from './client';
import s from './orders.module.css';

type Session = {
  id: string;
  label: string;
  amountCents: number;
  status: string;
  requiresConfirmation: boolean;
  cancelUrl: string;
};

/** One field of the card form: its label, then the input. */
function CardField({
  id,
  label,
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={s.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}

/**
 * The card page of the built-in test provider (no Stripe key): it takes Stripe's test cards, and
 * our server then sends our own webhook route the event Stripe would send.
 */
export function TestCardPayment() {
  const sessionId = useSearchParams().get('session') ?? '';
  const router = useRouter();
  const [session, setSession] = useState<Session | null>(null);
  const [card, setCard] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Why the last attempt failed: stays on the page (the toast goes after 6 s). */
  const [declined, setDeclined] = useState<string | null>(null);
  const m = ordersText.payment;

  useEffect(() => {
    if (!sessionId) return;
    void api<Session>(`/api/payments/test/${encodeURIComponent(sessionId)}`).then((r) => {
      if (r.data) setSession(r.data);
      else if (r.status === 401)
        router.push(
          `/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
        );
    });
  }, [sessionId, router]);

  async function pay(confirmed: boolean) {
    setBusy(true);
    const res = await api<{ outcome: string; redirect_url: string | null }>(
      `/api/payments/test/${encodeURIComponent(sessionId)}`,
      { method: 'POST', body: { card, confirmed } },
    );
    setBusy(false);
    if (res.data?.outcome === 'requires_confirmation') {
      setDeclined(null);
      setConfirming(true);
      return;
    }
    if (res.data?.redirect_url) {
      window.location.assign(res.data.redirect_url);
      return;
    }
    setConfirming(false);
    const message = res.error?.message ?? ordersText.genericError;
    setDeclined(message);
    toast.error(message);
  }

  return (
    <>
      <p className={s.notice} role="note">
        {m.testMode}
      </p>
      {session && (
        <p>
          <strong>{session.label}</strong> — {euros(session.amountCents)}
        </p>
      )}
      {session && session.status !== 'open' && <p>{m.done}</p>}
      {declined && session?.status === 'open' && (
        <div role="alert" className={s.notice} data-testid="payment-declined">
          <p>
            <strong>{m.declinedTitle}</strong> — {declined}
          </p>
          <p>{m.declinedHelp}</p>
        </div>
      )}
      {session?.status === 'open' && !confirming && (
        <form
          className={s.form}
          onSubmit={(e) => {
            e.preventDefault();
            void pay(false);
          }}
        >
          <CardField
            id="card-number"
            label={m.card}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={card}
            onChange={(e) => setCard(e.target.value)}
            required
            maxLength={23}
          />
          <CardField
            id="card-expiry"
            label={m.expiry}
            autoComplete="cc-exp"
            placeholder="12/34"
            maxLength={5}
          />
          <CardField
            id="card-cvc"
            label={m.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
          />
          <div className={s.actions}>
            <button type="submit" className={s.button} disabled={busy}>
              {busy ? m.paying : tOrders('payment.pay', { amount: euros(session.amountCents) })}
            </button>
            <a className={s.secondary} href={session.cancelUrl}>
              {m.cancel}
            </a>
          </div>
        </form>
      )}
      {confirming && (
        <div role="dialog" aria-labelledby="confirm-title" className={s.plan}>
          <h2 id="confirm-title">{m.confirmTitle}</h2>
          <p>{m.confirmText}</p>
          <button type="button" className={s.button} onClick={() => void pay(true)} disabled={busy}>
            {m.confirm}
          </button>
        </div>
      )}
    </>
  );
}
