'use client';
import { useState, type FormEvent } from 'react';
import { CSRF_HEADER, freshCsrfToken } from '@/ui/http/csrf';

/** Where a form sent with a captcha stands; `fields` holds the messages per field refused. */
export type CaptchaPostState<T> =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; result: T }
  | { kind: 'error'; message: string; fields: Record<string, string[]> };

/**
 * A public form guarded by the captcha (CaptchaField) and the CSRF token, sent as form fields to
 * `url`: a submit before the captcha is solved is held (the captcha submits again by itself when
 * ready); the answer's `data` becomes `sent`, its error (message and fields) `error`.
 */
export function useCaptchaPost<T>(url: string) {
  const [state, setState] = useState<CaptchaPostState<T>>({ kind: 'idle' });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    if (!data.get('captcha')) return; // the captcha re-submits when solved
    setState({ kind: 'sending' });
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { [CSRF_HEADER]: await freshCsrfToken() },
        credentials: 'same-origin',
        body: new URLSearchParams(data as unknown as Record<string, string>),
      });
      const body = (await res.json()) as {
        data?: { data: T };
        error?: { message: string; fields?: Record<string, string[]> };
      };
      if (res.ok && body.data) setState({ kind: 'sent', result: body.data.data });
      else
        setState({
          kind: 'error',
          message: body.error?.message ?? 'Envoi impossible.',
          fields: body.error?.fields ?? {},
        });
    } catch {
      setState({
        kind: 'error',
        message: 'Envoi impossible : vérifiez votre connexion.',
        fields: {},
      });
    }
  }

  return { state, onSubmit, fieldErrors: state.kind === 'error' ? state.fields : {} };
}
