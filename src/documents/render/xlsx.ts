/**
 * Excel rendering with exceljs's streaming writer (a 10,000-row sheet in about a third of the
 * time and memory of the in-memory workbook, GUIDE.md): a first sheet with what the document is,
 * its order number, generation date and sources, then one sheet per table, with real dates and
 * numbers (not text) so that the buyer can sort and sum.
 */
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { formatDateTime } from '../format';
import {
  sourceText,
  type CellValue,
  type ColumnKind,
  type DocumentModel,
  type RenderMeta,
  type TableBlock,
} from '../model';

const NUM_FORMATS: Partial<Record<ColumnKind, string>> = {
  date: 'dd/mm/yyyy',
  euros: '#,##0 "€"',
  integer: '#,##0',
  decimal: '#,##0.00',
  percent: '0.0" %"',
};

function excelValue(v: CellValue, kind: ColumnKind | undefined): ExcelJS.CellValue {
  if (v == null) return null;
  if (kind === 'date' && typeof v === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
    if (m) return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  }
  return v;
}

const sheetName = (name: string, used: Set<string>) => {
  const base = name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Feuille';
  let n = base;
  for (let i = 2; used.has(n); i++) n = `${base.slice(0, 28)} ${i}`;
  used.add(n);
  return n;
};

export async function renderXlsx(model: DocumentModel, meta: RenderMeta): Promise<Buffer> {
  // Loaded on first use: the spreadsheet library is large and most processes never write one.
  const excel = (await import('exceljs')).default;
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const wb = new excel.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = `Registre (${meta.site})`;
  wb.title = model.title;
  wb.subject = model.subject;
  wb.created = meta.generatedAt;
  wb.modified = meta.generatedAt;
  const used = new Set<string>();

  const info = wb.addWorksheet(sheetName('Document', used));
  info.columns = [{ width: 34 }, { width: 90 }];
  const infoRows: Array<[string, string]> = [
    ['Document', model.title],
    ['Concerne', model.subtitle],
    ['Commande', meta.orderNumber ?? 'Aperçu'],
    ['Généré le', formatDateTime(meta.generatedAt)],
  ];
  if (model.notOfficial) infoRows.push(['Avertissement', model.notOfficial]);
  for (const b of model.blocks) {
    if (b.type === 'fields') {
      for (const f of b.fields) {
        infoRows.push([
          f.label,
          f.source ? `${f.value} (source : ${sourceText(f.source)})` : f.value,
        ]);
      }
    }
    if (b.type === 'paragraph' && b.style !== 'strong') infoRows.push(['', b.text]);
  }
  model.sources.forEach((s, i) => infoRows.push([i === 0 ? 'Sources' : '', sourceText(s)]));
  for (const [k, v] of infoRows) {
    const row = info.addRow([k, v]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
    row.commit();
  }
  info.commit();

  for (const block of model.blocks) {
    if (block.type !== 'table') continue;
    writeSheet(wb.addWorksheet(sheetName(block.sheet, used)), block);
  }
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

function writeSheet(ws: ExcelJS.Worksheet, table: TableBlock) {
  ws.columns = table.columns.map((c) => ({
    header: c.label,
    width: Math.min(60, Math.max(12, (c.width ?? 1) * 14)),
    style: NUM_FORMATS[c.kind ?? 'text'] ? { numFmt: NUM_FORMATS[c.kind ?? 'text'] } : {},
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const r of table.rows) {
    ws.addRow(r.map((v, i) => excelValue(v, table.columns[i]?.kind))).commit();
  }
  if (table.rows.length === 0) ws.addRow([table.empty]).commit();
  ws.commit();
}
