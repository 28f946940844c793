import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ImportError } from './errors';
import type { OpenedInput } from './input';
import { LABEL_XLSX_LIMITS, xlsxText } from './labels';

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
