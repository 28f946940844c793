/**
 * When a login needs a captcha: after a few failures on one account or from one address in the
 * last 15 minutes. Kept in the process (bounded), beside the hard limits of src/lib/rate-limit.
 */
const WINDOW_MS = 15 * 60_000;
const ACCOUNT_FAILURES_BEFORE_CAPTCHA = 3;
const ADDRESS_FAILURES_BEFORE_CAPTCHA = 5;
const MAX_KEYS = 50_000;

const state = globalThis as unknown as { __loginFailures?: Map<string, number[]> };
const failures = (state.__loginFailures ??= new Map<string, number[]>());

function recent(key: string, now: number): number[] {
  const list = (failures.get(key) ?? []).filter((t: number) => now - t < WINDOW_MS);
  if (list.length) failures.set(key, list);
  else failures.delete(key);
  return list;
}

export function captchaRequired(email: string, address: string, now = Date.now()): boolean {
  return (
    recent(`a:${email}`, now).length >= ACCOUNT_FAILURES_BEFORE_CAPTCHA ||
    recent(`i:${address}`, now).length >= ADDRESS_FAILURES_BEFORE_CAPTCHA
  );
}

export function recordLoginFailure(email: string, address: string, now = Date.now()): void {
  if (failures.size > MAX_KEYS) failures.clear();
  for (const key of [`a:${email}`, `i:${address}`]) failures.set(key, [...recent(key, now), now]);
}

export function clearLoginFailures(email: string): void {
  failures.delete(`a:${email}`);
}

export function resetLoginGuard(): void {
  failures.clear();
}
