import { describe, expect, it } from 'vitest';
import { parseCsv, readTable } from './read';
import { csvRecord, csvStream } from './write';

async function* rows(list: (string | number | null)[][]) {
  for (const r of list) yield r;
}

describe('tables as files', () => {
  it('reads CSV with its delimiter guessed, quoted fields and CRLF', () => {
    expect(parseCsv('siren,nom\r\n552032534,"DANONE, SA"\r\n')).toEqual([
      ['siren', 'nom'],
      ['552032534', 'DANONE, SA'],
    ]);
    expect(parseCsv('a;b\n"x ""y""\nz";2')).toEqual([
      ['a', 'b'],
      ['x "y"\nz', '2'],
    ]);
    expect(parseCsv('552032534\n883010316')).toEqual([['552032534'], ['883010316']]);
  });

  it('tells a CSV from a binary file by its bytes, and reads Windows-1252', async () => {
    const latin = await readTable(new Uint8Array([0x73, 0x69, 0x72, 0x65, 0x6e, 0x0a, 0xe9]));
    expect(latin).toMatchObject({ ok: true, value: { kind: 'csv', rows: [['siren'], ['é']] } });
    expect(
      await readTable(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    ).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('writes CSV as French spreadsheets read it', async () => {
    expect(csvRecord(['a;b', 'c"d', 1.5, null])).toBe('"a;b";"c""d";1,5;\r\n');
    const bytes = Buffer.from(
      await new Response(csvStream(['A', 'B'], rows([['1', 2]]))).arrayBuffer(),
    );
    // The byte-order mark first: Excel reads the file as UTF-8.
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.subarray(3).toString('utf8')).toBe('A;B\r\n1;2\r\n');
  });
});
