import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readTable } from './read';
import { TABLE_LIMITS } from './xlsx-read';
import {
  part,
  repeatedPart,
  rowXml,
  SHARED_HEAD,
  SHEET_HEAD,
  SHEET_TAIL,
  sheetBomb,
  workbookParts,
  zipOf,
} from './zip-bombs';

/**
 * The upload reader under hostile workbooks built here: every limit holds whatever the zip's
 * headers say, and is answered as a 413 (too large) or a 422 (unreadable), never a crash.
 */
const sheet = (xml: string) => zipOf([...workbookParts(), part('xl/worksheets/sheet1.xml', xml)]);
const MB = 1024 * 1024;

describe('reading an uploaded workbook', () => {
  it('reads what Excel writes: shared strings, numbers, skipped cells and rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Liste');
    ws.addRow(['SIREN', 'Nom']);
    ws.addRow([552032534, 'Danone']);
    ws.getCell('C4').value = 'loin';
    const r = await readTable(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(r).toEqual({
      ok: true,
      value: {
        kind: 'xlsx',
        rows: [['SIREN', 'Nom'], ['552032534', 'Danone'], [], ['', '', 'loin']],
      },
    });
  });

  it('refuses a sheet whose headers state 1 KB as soon as more inflates (422)', async () => {
    // Refused as malformed at the 1,025th byte: the declared size is checked as the bytes come
    // (and the byte caps below hold whatever is declared).
    const bomb = await sheetBomb(TABLE_LIMITS.partBytes + MB, 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const r = await readTable(bomb);
    expect(r).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('refuses an honest deflate bomb by the bytes that come out, not by the headers (413)', async () => {
    // Sizes true in the headers, but smaller caps than the defaults: the reader counts what it inflates.
    const bomb = await sheetBomb(8 * MB);
    const r = await readTable(bomb, {
      ...TABLE_LIMITS,
      partBytes: 2 * MB,
      rows: 10_000_000,
      cells: 10_000_000,
    });
    expect(r).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
    if (!r.ok) expect(r.message).toMatch(/trop volumineux/);
  });

  it('counts the inflated bytes of every part together', async () => {
    const shared = await repeatedPart(
      'xl/sharedStrings.xml',
      SHARED_HEAD,
      '<si><t>x</t></si>',
      3 * MB,
      '</sst>',
    );
    const zip = zipOf([
      ...workbookParts(true),
      shared,
      part('xl/worksheets/sheet1.xml', SHEET_HEAD + rowXml(1, ['a']) + SHEET_TAIL),
    ]);
    const r = await readTable(zip, {
      ...TABLE_LIMITS,
      inflatedBytes: 2 * MB,
      sharedStrings: 10_000_000,
    });
    expect(r).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('never opens a nested zip, and refuses a sheet that is itself a zip (422)', async () => {
    const inner = await sheetBomb(40 * MB);
    const withEmbedded = zipOf([
      ...workbookParts(),
      part('xl/worksheets/sheet1.xml', SHEET_HEAD + rowXml(1, ['552032534']) + SHEET_TAIL),
      { ...part('xl/embeddings/bombe.xlsx', inner), declaredSize: 100 },
    ]);
    expect(await readTable(withEmbedded)).toMatchObject({
      ok: true,
      value: { rows: [['552032534']] },
    });
    const sheetIsZip = zipOf([...workbookParts(), part('xl/worksheets/sheet1.xml', inner)]);
    expect(await readTable(sheetIsZip)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('refuses a zip of too many entries before reading them (413)', async () => {
    const many = Array.from({ length: TABLE_LIMITS.entries + 1 }, (_, i) => part(`x/${i}`, ''));
    const r = await readTable(zipOf([...workbookParts(), ...many]));
    expect(r).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses too many shared strings, and one too long (413)', async () => {
    const count = TABLE_LIMITS.sharedStrings + 1;
    const many = await repeatedPart(
      'xl/sharedStrings.xml',
      SHARED_HEAD,
      '<si><t>a</t></si>',
      SHARED_HEAD.length + count * 17 + 6,
      '</sst>',
    );
    const withSheet = (p: Awaited<ReturnType<typeof repeatedPart>>) =>
      zipOf([...workbookParts(true), p, part('xl/worksheets/sheet1.xml', SHEET_HEAD + SHEET_TAIL)]);
    expect(await readTable(withSheet(many))).toMatchObject({
      ok: false,
      code: 'PAYLOAD_TOO_LARGE',
    });
    const long = await repeatedPart(
      'xl/sharedStrings.xml',
      `${SHARED_HEAD}<si><t>`,
      'abcd ',
      TABLE_LIMITS.cellChars * 4,
      '</t></si></sst>',
    );
    expect(await readTable(withSheet(long))).toMatchObject({
      ok: false,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('refuses a giant text or attribute that the XML parser would buffer whole (413)', async () => {
    const text = await repeatedPart('xl/worksheets/sheet1.xml', SHEET_HEAD, ' ', 8 * MB);
    expect(await readTable(zipOf([...workbookParts(), text]))).toMatchObject({
      ok: false,
      code: 'PAYLOAD_TOO_LARGE',
    });
    const attribute = await repeatedPart(
      'xl/worksheets/sheet1.xml',
      `${SHEET_HEAD}<row r="`,
      '1',
      8 * MB,
    );
    expect(await readTable(zipOf([...workbookParts(), attribute]))).toMatchObject({
      ok: false,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('refuses entity bombs, comments and CDATA (422)', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>' +
      `<worksheet><sheetData>${rowXml(1, ['&b;'])}</sheetData></worksheet>`;
    expect(await readTable(sheet(laughs))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    const cdata = `${SHEET_HEAD}<row><c t="inlineStr"><is><t><![CDATA[${'<>'.repeat(10)}]]></t></is></c></row>${SHEET_TAIL}`;
    expect(await readTable(sheet(cdata))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('refuses rows, columns and cells past their caps, whatever the references say (413)', async () => {
    const farRow = `${SHEET_HEAD}<row r="1048576"><c r="A1048576"><v>1</v></c></row>${SHEET_TAIL}`;
    expect(await readTable(sheet(farRow))).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
    const farColumn = `${SHEET_HEAD}<row r="1"><c r="XFD1"><v>1</v></c></row>${SHEET_TAIL}`;
    expect(await readTable(sheet(farColumn))).toMatchObject({
      ok: false,
      code: 'PAYLOAD_TOO_LARGE',
    });
    const cells = await repeatedPart(
      'xl/worksheets/sheet1.xml',
      `${SHEET_HEAD}<row r="1">`,
      '<c><v>1</v></c>',
      SHEET_HEAD.length + (TABLE_LIMITS.cells + 10) * 15 + 30,
      `</row>${SHEET_TAIL}`,
    );
    expect(
      await readTable(zipOf([...workbookParts(), cells]), { ...TABLE_LIMITS, columns: 1e9 }),
    ).toMatchObject({
      ok: false,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('stops at its deadline (413)', async () => {
    const slow = await sheetBomb(4 * MB);
    const r = await readTable(slow, { ...TABLE_LIMITS, timeMs: 0, rows: 1e9, cells: 1e9 });
    expect(r).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 422 for malformed workbooks, never throws', async () => {
    const good = sheet(SHEET_HEAD + rowXml(1, ['552032534']) + SHEET_TAIL);
    const cases: Uint8Array[] = [
      good.subarray(0, good.length - 30), // truncated central directory
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 0xff)]),
      zipOf(workbookParts()), // no sheet
      zipOf([part('a.txt', 'bonjour')]), // no workbook
      sheet(`${SHEET_HEAD}<row><c><v>1</v></row>`), // not well-formed
      zipOf([
        ...workbookParts(),
        { ...part('xl/worksheets/sheet1.xml', SHEET_HEAD), crc: 1234 }, // wrong CRC, truncated XML
      ]),
    ];
    for (const bytes of cases)
      expect(await readTable(bytes)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });

  it('holds the same row, column and cell caps for CSV (413)', async () => {
    const wide = new TextEncoder().encode(';'.repeat(TABLE_LIMITS.columns + 1));
    expect(await readTable(wide)).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
    const tall = new TextEncoder().encode('1\n'.repeat(TABLE_LIMITS.rows + 1));
    expect(await readTable(tall)).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});
