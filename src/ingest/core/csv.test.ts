import { describe, expect, it } from 'vitest';
import { csvRecords, parseQuoted } from './csv';
import { copyRow, arrayLiteral } from './copy';

async function all(chunks: string[], delimiter = ',') {
  async function* gen() {
    yield* chunks;
  }
  const out = [];
  for await (const b of csvRecords(gen(), delimiter)) out.push(...b);
  return out;
}

describe('csv', () => {
  it('splits plain and quoted fields, across chunk boundaries', async () => {
    const recs = await all(['a,b,c\n1,"x, y",3\n4,"he said ""hi""",', '6\n7,8,9']);
    expect(recs.map((r) => r.fields)).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', '3'],
      ['4', 'he said "hi"', '6'],
      ['7', '8', '9'],
    ]);
    expect(recs.map((r) => r.line)).toEqual([1, 2, 3, 4]);
  });
  it('keeps newlines inside quotes and numbers lines from the record start', async () => {
    const recs = await all(['h1;h2\r\n"multi\nline";2\r\n3;4\n'], ';');
    expect(recs[1]!.fields).toEqual(['multi\nline', '2']);
    expect(recs[1]!.line).toBe(2);
    expect(recs[2]!.line).toBe(4);
  });
  it('reports an unterminated quote', async () => {
    await expect(all(['a,b\n1,"open'])).rejects.toThrow(/guillemet ouvert/);
    expect(parseQuoted('"a,b', ',')).toBeNull();
  });
  it('encodes COPY text rows', () => {
    expect(copyRow(['a\tb', null, true, 3, ['x', 'y"z']])).toBe(
      'a\\tb\t\\N\tt\t3\t{"x","y\\\\"z"}\n',
    );
    expect(arrayLiteral([])).toBe('{}');
  });
});
