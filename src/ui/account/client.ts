'use client';

/**
 * The browser side of the account API (spec section 7): cookies sent, the Ajax marker, JSON
 * accept, and before each state-changing call a fresh XSRF cookie whose value goes back in
 * `X-XSRF-TOKEN`. A small cookie `registre_connecte` (set by the server, readable, no secret)
 * tells the frame whether to show "Mon compte" without a server round trip.
 */
import { CSRF_HEADER, freshCsrfToken } from '@/ui/http/csrf';

export type ApiFailure = {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string[]>;
  captchaRequired?: boolean;
};

export type ApiResult<T> = { ok: true; status: number; data: T } | ({ ok: false } & ApiFailure);

export const LOGGED_IN_COOKIE = 'registre_connecte';

export function readBrowserCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export const looksLoggedIn = () => readBrowserCookie(LOGGED_IN_COOKIE) === '1';

export async function api<T>(
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  path: string,
  body?: Record<string, unknown>,
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (method !== 'GET') {
    headers[CSRF_HEADER] = await freshCsrfToken();
    headers['Content-Type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: body ? JSON.stringify(body) : method === 'GET' ? undefined : '{}',
    });
  } catch {
    return {
      ok: false,
      status: 0,
      code: 'NETWORK',
      message: 'Le serveur est injoignable : vérifiez votre connexion puis réessayez.',
    };
  }
  if (res.status === 204) return { ok: true, status: 204, data: null as T };
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.ok) {
    const data = (json?.data as { data?: T } | undefined)?.data as T;
    return { ok: true, status: res.status, data };
  }
  const error = (json?.error ?? {}) as {
    code?: string;
    message?: string;
    fields?: Record<string, string[]>;
  };
  return {
    ok: false,
    status: res.status,
    code: error.code ?? String(res.status),
    message: error.message ?? 'Une erreur est survenue : réessayez dans un instant.',
    fields: error.fields,
    captchaRequired: json?.captcha_required === true,
  };
}

export type Me = {
  id: string;
  email: string;
  email_verified_at: string | null;
  name: string;
  profile: Record<string, string>;
};

/** The user lookup: 401 is final (no retry, spec section 8); a 409 counts as no user. */
export async function fetchMe(): Promise<Me | null> {
  const url = new URL(window.location.href);
  const magic = url.searchParams.get('magic_token');
  const path = magic ? `/api/me?magic_token=${encodeURIComponent(magic)}` : '/api/me';
  if (magic) {
    // Spent once: out of the address bar and the history.
    url.searchParams.delete('magic_token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  const r = await api<Me>('GET', path);
  return r.ok ? r.data : null;
}
