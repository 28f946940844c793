/**
 * Only the latest suggestion request lives: each new query aborts the one in flight
 * (AbortController), whose answer, should it still arrive, is dropped. With the search box's
 * pause after a key (150 ms), a person typing sends one request per pause, not one per key.
 */
export function latestSuggestion<T>(
  fetchAnswer: (q: string, signal: AbortSignal) => Promise<T>,
  onAnswer: (q: string, answer: T | Error) => void,
): (q: string) => Promise<void> {
  let current: AbortController | null = null;
  return async (q: string) => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    try {
      const answer = await fetchAnswer(q, controller.signal);
      if (!controller.signal.aborted) onAnswer(q, answer);
    } catch (e) {
      if (!controller.signal.aborted) onAnswer(q, e instanceof Error ? e : new Error(String(e)));
    } finally {
      if (current === controller) current = null;
    }
  };
}
