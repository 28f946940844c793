import { describe, expect, it } from 'vitest';
import { readCounting, type ReadSoFar } from './readCounting';

const streamOf = (...parts: string[]) =>
  new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
      controller.close();
    },
  });

describe('readCounting', () => {
  it('returns every chunk and tells the bytes and line feeds after each', async () => {
    const seen: ReadSoFar[] = [];
    const chunks = await readCounting(streamOf('siren;nom\n1;a', '\n2;b\n'), true, (r) =>
      seen.push(r),
    );
    expect(Buffer.concat(chunks).toString()).toBe('siren;nom\n1;a\n2;b\n');
    expect(seen).toEqual([
      { bytes: 13, lines: 1 },
      { bytes: 18, lines: 3 },
    ]);
  });

  it('counts no lines where the file is not line by line (Excel)', async () => {
    const seen: ReadSoFar[] = [];
    await readCounting(streamOf('PK\n\n'), false, (r) => seen.push(r));
    expect(seen).toEqual([{ bytes: 4, lines: 0 }]);
  });
});
