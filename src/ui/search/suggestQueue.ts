/**
 * One suggestion request at a time. A request the server has started is not cancelled by
 * aborting it in the browser (on the embedded database it still holds the one connection), so a
 * newer query waits for the running one instead of queueing behind several stale ones; of the
 * queries typed meanwhile only the latest is asked next. Every answer is passed on (the caller
 * remembers it); the caller shows only the latest query's.
 */
export function suggestQueue<T>(
  fetchAnswer: (q: string) => Promise<T>,
  onAnswer: (q: string, answer: T | Error) => void,
  isLatest: (q: string) => boolean,
  isKnown: (q: string) => boolean,
): (q: string) => Promise<void> {
  let busy = false;
  let queued: string | null = null;
  const ask = async (q: string): Promise<void> => {
    if (busy) {
      queued = q;
      return;
    }
    busy = true;
    try {
      onAnswer(q, await fetchAnswer(q));
    } catch (e) {
      onAnswer(q, e instanceof Error ? e : new Error(String(e)));
    } finally {
      busy = false;
      const next = queued;
      queued = null;
      if (next !== null && isLatest(next) && !isKnown(next)) await ask(next);
    }
  };
  return ask;
}
