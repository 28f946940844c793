/**
 * Process-wide event counts that the Prometheus metrics read (src/server/metrics.ts), kept on
 * `globalThis` and free of any dependency: the Next.js bundle (the registry's data cache) and the
 * compiled server (mails, jobs) each have their own copy of this module, and share these counts.
 * Keys are bounded by their callers (a job kind, a cache name, an outcome), never a request's
 * data.
 */
type Counts = Map<string, number>;

const state = globalThis as unknown as { __processStats?: Counts };
const counts = (state.__processStats ??= new Map());

/** Adds `n` to the count of `name` with these labels (`{ job: 'mail.send' }`). */
export function countEvent(name: string, labels: Record<string, string> = {}, n = 1): void {
  const key = `${name}\u0000${JSON.stringify(labels)}`;
  counts.set(key, (counts.get(key) ?? 0) + n);
}

/** Every count of `name`, with its labels. */
export function eventCounts(
  name: string,
): Array<{ labels: Record<string, string>; value: number }> {
  const out = [];
  for (const [key, value] of counts) {
    const cut = key.indexOf('\u0000');
    if (key.slice(0, cut) === name)
      out.push({ labels: JSON.parse(key.slice(cut + 1)) as Record<string, string>, value });
  }
  return out;
}
