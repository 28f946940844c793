import { describe, expect, it } from 'vitest';
import { latestSuggestion } from './latestSuggestion';

describe('suggestion requests', () => {
  it('aborts the request in flight when a newer query is asked, and passes on only the latest', async () => {
    const signals: Record<string, AbortSignal> = {};
    const resolvers: Record<string, (v: string) => void> = {};
    const answered: string[] = [];
    const ask = latestSuggestion(
      (q, signal) => {
        signals[q] = signal;
        return new Promise<string>((resolve) => (resolvers[q] = resolve));
      },
      (q, a) => answered.push(`${q}=${String(a)}`),
    );
    const first = ask('da');
    const second = ask('dan');
    expect(signals.da!.aborted).toBe(true);
    expect(signals.dan!.aborted).toBe(false);
    resolvers.da!('DA'); // arrived anyway: dropped
    resolvers.dan!('DAN');
    await Promise.all([first, second]);
    expect(answered).toEqual(['dan=DAN']);
  });

  it('passes on a failure of the latest request, not an abort', async () => {
    const answered: string[] = [];
    const ask = latestSuggestion(
      (q, signal) =>
        new Promise<string>((_, reject) => {
          if (q === 'boom') reject(new Error('réseau'));
          signal.addEventListener('abort', () => reject(new DOMException('abort', 'AbortError')));
        }),
      (q, a) => answered.push(`${q}=${a instanceof Error ? a.message : a}`),
    );
    const first = ask('da');
    await Promise.all([first, ask('boom')]);
    expect(answered).toEqual(['boom=réseau']);
  });
});
