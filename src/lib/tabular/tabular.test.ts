import { describe, expect, it } from 'vitest';
import { parseCsv, readTable } from './read';
import ExcelJS from 'exceljs';
import { csvRecord } from './csv';
import { csvStream, inBatches, textColumns, xlsxStream } from './write';

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
    // What a spreadsheet saves besides: tabs (« Texte Unicode »), a lone CR (Excel for Mac's
    // « CSV (Macintosh) »). The label imports' files have neither (src/ingest/core/label-read.ts).
    expect(parseCsv('siren\tnom\r552032534\tDANONE; SA\r')).toEqual([
      ['siren', 'nom'],
      ['552032534', 'DANONE; SA'],
    ]);
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
    // Formula injection: a text starting with = is written as text.
    expect(csvRecord(['=1+1', '2024-03-01'], ['text', 'date'])).toBe("'=1+1;01/03/2024\r\n");
    const cols = textColumns(['A', 'B'], { B: 'date' });
    const bytes = Buffer.from(
      await new Response(
        csvStream(
          cols,
          inBatches(
            rows([
              ['1', '2024-03-01'],
              [2, null],
            ]),
            1,
          ),
        ),
      ).arrayBuffer(),
    );
    // The byte-order mark first: Excel reads the file as UTF-8.
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.subarray(3).toString('utf8')).toBe('A;B\r\n1;01/03/2024\r\n2;\r\n');
  });

  it('writes XLSX that Excel reads: the sheet name, text, numbers and real dates', async () => {
    const cols = textColumns(['Nom', 'Création', 'Effectif'], {
      Création: 'date',
      Effectif: 'integer',
    });
    const stream = xlsxStream(
      'Entreprises',
      cols,
      inBatches(
        rows([
          ['A & <B>', '2024-03-01', 12],
          [null, null, null],
        ]),
        1,
      ),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await new Response(stream).arrayBuffer()) as never);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Entreprises');
    expect(ws.getRow(1).values).toEqual([undefined, 'Nom', 'Création', 'Effectif']);
    expect(ws.getCell('A2').value).toBe('A & <B>');
    expect(ws.getCell('B2').value).toEqual(new Date(Date.UTC(2024, 2, 1)));
    expect(ws.getCell('C2').value).toBe(12);
    expect(ws.getCell('A3').value).toBeNull();
  });

  it('groups rows given one by one', async () => {
    const out: number[][] = [];
    async function* n() {
      for (let i = 1; i <= 5; i++) yield i;
    }
    for await (const b of inBatches(n(), 2)) out.push(b);
    expect(out).toEqual([[1, 2], [3, 4], [5]]);
  });
});
