/**
 * The browser's XSRF token (Laravel Sanctum's scheme, src/accounts/csrf.ts): `GET
 * /sanctum/csrf-cookie` sets the readable `XSRF-TOKEN` cookie, whose value goes back in the
 * `X-XSRF-TOKEN` header of every state-changing call. The token is bound to the session, so it
 * changes when the session does: the server sends a new one with the answers that open or close a
 * session (login, register, logout, a magic link), and a call refused with 419 gets a fresh one.
 */
export const CSRF_HEADER = 'X-XSRF-TOKEN';
const CSRF_COOKIE = 'XSRF-TOKEN';

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** A token just issued for the browser's current session (or for none). */
export async function freshCsrfToken(): Promise<string> {
  await fetch('/sanctum/csrf-cookie', { credentials: 'same-origin', cache: 'no-store' }).catch(
    () => undefined,
  );
  return readCookie(CSRF_COOKIE) ?? '';
}

/** The token the browser holds, or a fresh one when it holds none. */
export async function csrfToken(): Promise<string> {
  return readCookie(CSRF_COOKIE) ?? freshCsrfToken();
}
