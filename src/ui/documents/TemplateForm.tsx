'use client';

/**
 * The multi-step form of a custom document. Answers persist in the `document-storage` local store
 * (spec section 3): one entry per step in `formValues`, replaced when the step is validated, so a
 * reload or a detour by the login page loses nothing. The last step reviews the answers and posts
 * the order to POST /api/document/{documentId}/order.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { interpolate } from '@/i18n/interpolate';
import m from '@/i18n/fr/documents';
import type { TemplateSummary, Values } from '@/documents/templates/types';
import { CSRF_HEADER, freshCsrfToken } from '@/ui/http/csrf';
import s from './documents.module.css';

const STORAGE_KEY = 'document-storage';

type Stored = { documentId: string; siren: string | null; formValues: Values[] };

function readStored(): Stored | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

export function TemplateForm({
  template,
  initial,
  siren,
  priceLabel,
}: {
  template: TemplateSummary;
  initial: Values;
  siren: string | null;
  priceLabel: string;
}) {
  const router = useRouter();
  const steps = template.steps;
  const fromPrefill = useMemo(
    () =>
      steps.map((step) =>
        Object.fromEntries(
          step.fields.filter((f) => initial[f.name]).map((f) => [f.name, initial[f.name]!]),
        ),
      ),
    [steps, initial],
  );
  const [formValues, setFormValues] = useState<Values[]>(fromPrefill);
  const [step, setStep] = useState(0);
  const [current, setCurrent] = useState<Values>(fromPrefill[0] ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  useEffect(() => {
    const stored = readStored();
    if (
      stored &&
      stored.documentId === template.id &&
      stored.siren === siren &&
      stored.formValues.length === steps.length
    ) {
      // Restoring a stored draft after hydration is the point of the store.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setFormValues(stored.formValues);
      setCurrent(stored.formValues[0] ?? {});
    }
  }, [template.id, siren, steps.length]);

  const save = (values: Values[]) => {
    try {
      window.localStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({ documentId: template.id, siren, formValues: values } satisfies Stored),
      );
    } catch {
      // A full or disabled storage only loses the draft.
    }
  };

  const validateStep = (): boolean => {
    const e: Record<string, string> = {};
    for (const f of steps[step]!.fields) {
      const v = (current[f.name] ?? '').trim();
      const max = f.max ?? (f.kind === 'textarea' ? 2000 : 200);
      if (f.required && !v) e[f.name] = m.required;
      else if (v.length > max) e[f.name] = interpolate(m.tooLong, { max });
    }
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const go = (to: number) => {
    if (to > step && !validateStep()) return;
    const next = formValues.map((v, i) => (i === step ? current : v));
    setFormValues(next);
    save(next);
    setStep(to);
    setCurrent(next[to] ?? {});
    setErrors({});
  };

  const order = async () => {
    setStatus({ busy: true, error: null });
    const fields = Object.assign({}, ...formValues) as Values;
    try {
      const token = await freshCsrfToken();
      const res = await fetch(`/api/document/${encodeURIComponent(template.id)}/order`, {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          [CSRF_HEADER]: token,
        },
        body: JSON.stringify({ siren, fields }),
      });
      if (res.status === 401) {
        router.push(
          `/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
        );
        return;
      }
      const body = (await res.json().catch(() => null)) as {
        data?: { data?: { id?: string | number } };
        error?: { message?: string };
      } | null;
      if (!res.ok || !body?.data?.data?.id) {
        setStatus({
          busy: false,
          error: interpolate(m.orderFailed, {
            message: body?.error?.message ?? `erreur ${res.status}`,
          }),
        });
        return;
      }
      router.push(`/documents/loading/${encodeURIComponent(String(body.data.data.id))}`);
    } catch {
      setStatus({
        busy: false,
        error: interpolate(m.orderFailed, { message: 'le serveur est injoignable' }),
      });
    }
  };

  const reviewing = step === steps.length;
  // One count for the chips and the legend: the form's steps and the review (« Étape 1 sur 5 »
  // beside five chips, never « sur 4 »).
  const chips = [...steps.map((st) => st.title), m.reviewTitle];
  const stepOf = interpolate(m.stepOf, { n: step + 1, total: chips.length });
  return (
    <div className={s.form}>
      <ol className={s.steps} aria-label="Étapes">
        {chips.map((title, i) => (
          <li
            key={title}
            aria-current={i === step ? 'step' : undefined}
            className={i === step ? s.currentStep : undefined}
          >
            {title}
          </li>
        ))}
      </ol>
      {!reviewing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            go(step + 1);
          }}
          noValidate
        >
          <fieldset className={s.fieldset}>
            <legend>
              {stepOf} — {steps[step]!.title}
            </legend>
            {steps[step]!.fields.map((f) => {
              const id = `f-${f.name}`;
              const common = {
                id,
                name: f.name,
                value: current[f.name] ?? '',
                required: f.required,
                'aria-invalid': errors[f.name] ? true : undefined,
                'aria-describedby': errors[f.name]
                  ? `${id}-error`
                  : f.help
                    ? `${id}-help`
                    : undefined,
                onChange: (e: { target: { value: string } }) =>
                  setCurrent({ ...current, [f.name]: e.target.value }),
              };
              return (
                <div key={f.name} className={s.field}>
                  <label htmlFor={id}>
                    {f.label}
                    {f.required ? ' *' : ''}
                  </label>
                  {f.kind === 'textarea' ? (
                    <textarea rows={3} {...common} />
                  ) : (
                    <input
                      type={f.kind === 'date' ? 'date' : 'text'}
                      inputMode={f.kind === 'amount' || f.kind === 'number' ? 'decimal' : undefined}
                      {...common}
                    />
                  )}
                  {f.help && !errors[f.name] ? (
                    <p id={`${id}-help`} className={s.help}>
                      {f.help}
                    </p>
                  ) : null}
                  {errors[f.name] ? (
                    <p id={`${id}-error`} className={s.error} role="alert">
                      {errors[f.name]}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          <div className={s.actions}>
            {step > 0 ? (
              <button type="button" className={s.secondary} onClick={() => go(step - 1)}>
                {m.previous}
              </button>
            ) : null}
            <button type="submit" className={s.primary}>
              {step === steps.length - 1 ? m.review : m.next}
            </button>
          </div>
        </form>
      ) : (
        <div>
          <h2>
            {stepOf} — {m.reviewTitle}
          </h2>
          {steps.map((st, i) => (
            <section key={st.id} className={s.review}>
              <h3>{st.title}</h3>
              <dl>
                {st.fields.map((f) => (
                  <div key={f.name}>
                    <dt>{f.label}</dt>
                    <dd>{formValues[i]?.[f.name] || m.empty}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <p>{m.formats}</p>
          {status.error ? (
            <p className={s.error} role="alert">
              {status.error}
            </p>
          ) : null}
          <div className={s.actions}>
            <button type="button" className={s.secondary} onClick={() => go(steps.length - 1)}>
              {m.previous}
            </button>
            <button type="button" className={s.primary} onClick={order} disabled={status.busy}>
              {status.busy ? m.ordering : interpolate(m.order, { price: priceLabel })}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
