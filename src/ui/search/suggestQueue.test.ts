import { describe, expect, it } from 'vitest';
import { suggestQueue } from './suggestQueue';

describe('suggestion requests', () => {
  it('sends one at a time, then only the latest query typed meanwhile', async () => {
    const sent: string[] = [];
    const answered: string[] = [];
    const pending: Array<() => void> = [];
    let latest = '';
    const ask = suggestQueue(
      (q) => {
        sent.push(q);
        return new Promise<string>((resolve) => pending.push(() => resolve(q.toUpperCase())));
      },
      (q, a) => answered.push(`${q}=${String(a)}`),
      (q) => q === latest,
      () => false,
    );
    const type = (q: string) => {
      latest = q;
      return ask(q);
    };
    const first = type('da');
    void type('dan');
    void type('dano');
    void type('danon');
    expect(sent).toEqual(['da']); // the others wait
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(['da', 'danon']); // dan and dano were never asked
    pending.shift()!();
    await first;
    expect(answered).toEqual(['da=DA', 'danon=DANON']);
  });

  it('passes errors on and goes on with the next query', async () => {
    const answered: string[] = [];
    const ask = suggestQueue(
      async (q) => {
        if (q === 'xx') throw new Error('réseau');
        return q;
      },
      (q, a) => answered.push(`${q}:${a instanceof Error ? 'erreur' : a}`),
      () => true,
      () => false,
    );
    await ask('xx');
    await ask('yy');
    expect(answered).toEqual(['xx:erreur', 'yy:yy']);
  });
});
