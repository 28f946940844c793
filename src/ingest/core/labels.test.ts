import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ImportError } from './errors';
import type { OpenedInput } from './input';
import { delimited, LABEL_XLSX_LIMITS, positional, readSourceText, xlsxText } from './labels';

async function workbook(rows: unknown[][]): Promise<OpenedInput> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Liste');
  for (const r of rows) ws.addRow(r);
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  return {
    path: '/tmp/liste.xlsx',
    name: 'liste.xlsx',
    size: bytes.length,
    stream: Readable.from([bytes]),
  } as unknown as OpenedInput;
}

describe('the XLSX label lists', () => {
  it('are read from the header holding the required columns, empty rows left out', async () => {
    const input = await workbook([
      ['Export du 1er janvier'],
      ['Année', 'SIREN', 'Raison sociale'],
      [2024, '552032534', 'DANONE "SA"'],
      [],
      [2024, 356000000, 'LA POSTE'],
    ]);
    expect(await xlsxText(input, ['siren'])).toBe(
      [
        '"Année";"SIREN";"Raison sociale"',
        '"2024";"552032534";"DANONE ""SA"""',
        '"2024";"356000000";"LA POSTE"',
      ].join('\n'),
    );
  });

  it('are read under caps: a workbook past them is refused with a clear message', async () => {
    const rows = [['SIREN'], ...Array.from({ length: 50 }, (_, i) => [String(100000000 + i)])];
    const input = await workbook(rows);
    const err = await xlsxText(input, ['SIREN'], { ...LABEL_XLSX_LIMITS, rows: 10 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ImportError);
    expect((err as Error).message).toMatch(/liste\.xlsx dépasse .*plus de 10 lignes/);
  });

  it('an unreadable workbook is an import error, not a crash', async () => {
    const input = {
      name: 'faux.xlsx',
      stream: Readable.from([Buffer.from('pas un classeur')]),
    } as unknown as OpenedInput;
    await expect(xlsxText(input, ['SIREN'])).rejects.toThrow(
      /faux\.xlsx n'est pas un classeur XLSX lisible/,
    );
  });
});

const textInput = (bytes: Buffer): OpenedInput =>
  ({ name: 'liste.csv', stream: Readable.from([bytes]) }) as unknown as OpenedInput;

describe('the delimited label lists', () => {
  it('split quoted fields, `;` or `,` as the header says, CRLF, newlines inside quotes', () => {
    const semi = delimited(
      'SIREN;Nom\r\n552032534;"DANONE; ""SA"""\r\n\r\n356000000;"LA\r\nPOSTE"\r\n883010316;X',
      'a.csv',
      ['siren'],
    );
    expect(semi.header).toEqual(['SIREN', 'Nom']);
    expect(semi.rows.map((r) => [r.line, r.get('SIREN'), r.get('nom')])).toEqual([
      [2, '552032534', 'DANONE; "SA"'],
      // The blank line 3 is left out; a record numbered from the line it starts on.
      [4, '356000000', 'LA\nPOSTE'],
      [6, '883010316', 'X'],
    ]);
    const comma = delimited('\n  \nsiren,nom;court,ville\n552032534,"DANONE, SA",PARIS', 'b.csv', [
      'nom;court',
    ]);
    expect(
      comma.rows.map((r) => [r.line, r.get('siren'), r.get('nom;court'), r.get('ville')]),
    ).toEqual([[4, '552032534', 'DANONE, SA', 'PARIS']]);
    expect(comma.rows.map((r) => [r.line, r.get('siren'), r.get('nom;court')])).toEqual([
      [4, '552032534', 'DANONE, SA'],
    ]);
    expect(() => delimited('\n \n', 'vide.csv', [])).toThrow(/vide\.csv est vide/);
    expect(() => delimited('SIREN;Nom\n1;2', 'c.csv', ['SIRET'])).toThrow(
      /Colonnes absentes de c\.csv : SIRET/,
    );
  });

  it('keep a quote inside a field as text, and refuse a quote left open', () => {
    // An inch mark in a name is not an opening quote: the next line is its own record.
    const { rows } = delimited('SIREN;Nom\n552032534;Écran 24"\n356000000;LA POSTE', 'a.csv', []);
    expect(rows.map((r) => [r.line, r.fields])).toEqual([
      [2, ['552032534', 'Écran 24"']],
      [3, ['356000000', 'LA POSTE']],
    ]);
    // A field opened with a quote never closed would swallow the rest of the file.
    expect(() =>
      delimited('SIREN;Nom\n552032534;"DANONE\n356000000;LA POSTE', 'a.csv', []),
    ).toThrow(/Ligne 2 : guillemet ouvert jamais refermé/);
  });

  it('by position after metadata lines (FINESS)', () => {
    const rows = positional(
      'finess;etalab;95\r\nstructureet;1;"A;B"\r\ngeolocalisation;1;2',
      ';',
      1,
    );
    expect(rows.map((r) => [r.line, r.fields])).toEqual([
      [2, ['structureet', '1', 'A;B']],
      [3, ['geolocalisation', '1', '2']],
    ]);
  });

  it('are read as UTF-8 without its BOM, or as Latin-1', async () => {
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('SIREN;Nom\nx;Élysée'),
    ]);
    expect(await readSourceText(textInput(bom))).toBe('SIREN;Nom\nx;Élysée');
    const latin1 = Buffer.from('SIREN;Nom\nx;Élysée', 'latin1');
    expect(delimited(await readSourceText(textInput(latin1)), 'l.csv', []).rows[0]!.fields).toEqual(
      ['x', 'Élysée'],
    );
  });
});
