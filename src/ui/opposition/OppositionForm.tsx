'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import m from '@/i18n/fr/opposition';
import s from '@/ui/company/company.module.css';
import { CaptchaField } from '@/ui/captcha/CaptchaField';

type Props = {
  kind: 'person' | 'company';
  siren: string;
  director: { id: string; name: string } | null;
  /** The French text of an error the page was sent back with (a form sent without script). */
  initialError: string | null;
  /** Whether that error refused a legal person (the correction route is offered). */
  initialNotAllowed: boolean;
};

const row = { display: 'flex', gap: 8, fontWeight: 400 } as const;
const group = { border: 0, padding: 0, margin: 0, display: 'grid', gap: 8 } as const;

/**
 * The opposition form. Sent by script (the captcha needs one anyway): an error shows above the
 * form and every field keeps what was typed or chosen (e-mail, identity, the file); a new captcha
 * is solved for the next try. Without script it posts as a plain form and the page shows the
 * error's code sent back.
 */
export function OppositionForm({ kind, siren, director, initialError, initialNotAllowed }: Props) {
  const [error, setError] = useState<{ text: string; notAllowed: boolean } | null>(
    initialError ? { text: initialError, notAllowed: initialNotAllowed } : null,
  );
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  // A captcha is spent by each try: a new key draws a new one.
  const [attempt, setAttempt] = useState(0);
  // Only the chosen case's fields are shown: a director's request names a person, never a SIREN.
  const [chosen, setChosen] = useState<'person' | 'company'>(kind);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    // The captcha holds a submit until it is solved, then submits again by itself.
    if (e.defaultPrevented) return;
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    setBusy(true);
    try {
      const res = await fetch('/api/opposition', {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: new FormData(form),
      });
      if (res.status === 202) {
        form.reset();
        setError(null);
        setAttempt((n) => n + 1);
        setBusy(false);
        router.push('/opposition?envoye=1');
        return;
      }
      const body = (await res.json().catch(() => null)) as {
        error?: { code?: string; message?: string };
      } | null;
      setError({
        text: body?.error?.message ?? m.unavailable,
        notAllowed: body?.error?.code === 'OPPOSITION_NOT_ALLOWED',
      });
    } catch {
      setError({ text: m.unavailable, notAllowed: false });
    }
    setAttempt((n) => n + 1);
    setBusy(false);
  }

  return (
    <>
      {error ? (
        <p className={s.alert} role="alert">
          {error.text}
          {error.notAllowed ? (
            <>
              {' '}
              <Link href="/contact">{m.correctionLink}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <form
        className={s.form}
        method="post"
        action="/api/opposition"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        aria-busy={busy}
      >
        <fieldset style={group}>
          <legend style={{ fontWeight: 600, marginBottom: 8 }}>{m.legend}</legend>
          {(
            [
              ['person', m.kindPerson],
              ['company', m.kindCompany],
            ] as const
          ).map(([value, label]) => (
            <label key={value} style={row}>
              <input
                type="radio"
                name="kind"
                value={value}
                checked={chosen === value}
                onChange={() => setChosen(value)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        {chosen === 'company' ? null : director ? (
          <p>
            <input type="hidden" name="directorId" value={director.id} />
            {m.personFromProfile.replace('{person}', director.name)}
          </p>
        ) : (
          <fieldset style={group}>
            <legend style={{ fontWeight: 600, marginBottom: 8 }}>{m.personLegend}</legend>
            <label>
              {m.lastName}
              <input name="lastName" maxLength={100} autoComplete="family-name" />
            </label>
            <label>
              {m.firstNames}
              <input name="firstNames" maxLength={200} autoComplete="given-name" />
            </label>
            <label>
              {m.birthMonth}
              <input
                name="birthMonth"
                type="month"
                min="1900-01"
                placeholder="AAAA-MM"
                aria-describedby="opposition-birth-hint"
              />
              <span id="opposition-birth-hint" className={s.note}>
                {m.birthMonthHint}
              </span>
            </label>
          </fieldset>
        )}
        {chosen === 'company' ? (
          <label>
            {m.siren}
            <input
              name="siren"
              inputMode="numeric"
              maxLength={11}
              defaultValue={siren}
              autoComplete="off"
            />
          </label>
        ) : null}
        <label>
          {m.email}
          <input name="email" type="email" required maxLength={200} autoComplete="email" />
        </label>
        <label>
          {m.document}
          <input
            name="document"
            type="file"
            required
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            aria-describedby="opposition-document-hint"
          />
          <span id="opposition-document-hint" className={s.note}>
            {m.documentHint}
          </span>
        </label>
        <label>
          {m.reason}
          <textarea name="reason" rows={4} maxLength={2000} />
        </label>
        <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px' }}>
          <label>
            {m.honeypot}
            <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <CaptchaField key={attempt} />
        <button className={s.button} type="submit" disabled={busy}>
          {m.submit}
        </button>
      </form>
    </>
  );
}
