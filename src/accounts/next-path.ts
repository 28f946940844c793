/**
 * The return path a page carries (`?next=`, the one name used everywhere: the login form reads
 * it, the register form and the verification link pass it on): only a path of this site, never
 * another host (`//evil.example`, `/\evil.example`) nor a control character; anything else is the
 * fallback.
 */
export function safeNext(value: string | null | undefined, fallback = '/'): string {
  if (!value || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  return value;
}
