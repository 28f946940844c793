/**
 * The shared PDF layout (pdfkit): our header on every page, the title and what the document is
 * about, the blocks, the sources with their dates, and a footer with the generation date, the order
 * number and the page count. DejaVu Sans is embedded (src/documents/fonts, shipped with the
 * project), so accents, `€`, `’` and no-break spaces print the same everywhere.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create as createFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatDateTime, frenchText } from '../format';
import {
  cellText,
  printedRows,
  sourceText,
  type Block,
  type DocumentModel,
  type Field,
  type RenderMeta,
  type TableBlock,
} from '../model';

const FONT_DIR = path.join(process.cwd(), 'src/documents/fonts');
/**
 * Parsed once per process: pdfkit accepts a fontkit font object, and parsing DejaVu's 750 KB for
 * each document was most of a small PDF's time. Each document still embeds its own subset.
 */
let fonts: { regular: object; bold: object } | null = null;
function loadFonts() {
  fonts ??= {
    regular: createFont(readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf'))),
    bold: createFont(readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'))),
  };
  return fonts;
}

const BLUE = '#1d3f8f';
const GREY = '#5b6270';
const LIGHT = '#eef1f6';
const LINE = '#c9ced8';
const TEXT = '#1a1d23';

const MARGIN = 50;
const TOP = 78;
const BOTTOM = 62;

type Doc = PDFKit.PDFDocument;

export async function renderPdf(model: DocumentModel, meta: RenderMeta): Promise<Buffer> {
  const f = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: BOTTOM, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: false,
    lang: 'fr-FR',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: model.title,
      Subject: model.subject,
      Author: `Registre (${meta.site})`,
      Creator: 'Registre',
      Keywords: [model.kind, meta.orderNumber ?? 'aperçu'].join(', '),
      CreationDate: meta.generatedAt,
      ModDate: meta.generatedAt,
    },
  } as unknown as PDFKit.PDFDocumentOptions);
  doc.registerFont('Body', f.regular as unknown as string);
  doc.registerFont('Bold', f.bold as unknown as string);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.addPage();
  doc.font('Body').fillColor(TEXT);
  writeTitle(doc, model);
  for (const block of model.blocks) writeBlock(doc, block);
  if (model.sources.length) writeSources(doc, model);
  writeFrames(doc, model, meta);
  doc.end();
  return done;
}

const contentWidth = (doc: Doc) => doc.page.width - MARGIN * 2;
const bottomLimit = (doc: Doc) => doc.page.height - BOTTOM;

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

function writeTitle(doc: Doc, model: DocumentModel) {
  doc.font('Bold').fontSize(17).fillColor(BLUE);
  doc.text(frenchText(model.title), MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.2);
  doc.font('Body').fontSize(10.5).fillColor(GREY);
  doc.text(frenchText(model.subtitle), { width: contentWidth(doc) });
  doc.moveDown(0.6);
  if (model.notOfficial) writeNotice(doc, model.notOfficial);
  doc.fillColor(TEXT);
}

function writeNotice(doc: Doc, text: string) {
  const width = contentWidth(doc);
  doc.font('Body').fontSize(9);
  const t = frenchText(text);
  const h = doc.heightOfString(t, { width: width - 20 }) + 14;
  ensureSpace(doc, h + 6);
  const y = doc.y;
  doc.save().rect(MARGIN, y, width, h).fillAndStroke('#fff7e0', '#e0b84c').restore();
  doc
    .fillColor('#5a4300')
    .text(t, MARGIN + 10, y + 7, { width: width - 20 })
    .fillColor(TEXT);
  doc.x = MARGIN;
  doc.y = y + h + 8;
}

function writeBlock(doc: Doc, block: Block) {
  switch (block.type) {
    case 'heading': {
      ensureSpace(doc, 48);
      doc.moveDown(0.5);
      doc.font('Bold').fontSize(12.5).fillColor(BLUE);
      doc.text(frenchText(block.text), MARGIN, doc.y, { width: contentWidth(doc) });
      const y = doc.y + 2;
      doc
        .save()
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + contentWidth(doc), y)
        .lineWidth(0.6)
        .strokeColor(LINE)
        .stroke()
        .restore();
      doc.y = y + 6;
      doc.fillColor(TEXT);
      return;
    }
    case 'paragraph': {
      const note = block.style === 'note';
      doc
        .font(block.style === 'strong' ? 'Bold' : 'Body')
        .fontSize(note ? 8.5 : 10)
        .fillColor(note ? GREY : TEXT);
      const t = frenchText(block.text);
      ensureSpace(doc, Math.min(doc.heightOfString(t, { width: contentWidth(doc) }), 60));
      doc.text(t, MARGIN, doc.y, { width: contentWidth(doc), align: 'left', lineGap: 1.5 });
      doc.moveDown(0.45);
      doc.fillColor(TEXT);
      return;
    }
    case 'notice':
      writeNotice(doc, block.text);
      return;
    case 'fields':
      writeFields(doc, block.fields);
      return;
    case 'table':
      if (!block.hiddenInPrint) writeTable(doc, block);
      return;
    case 'signature': {
      ensureSpace(doc, 30 + block.lines.length * 14);
      doc.moveDown(1);
      doc.font('Body').fontSize(10).fillColor(TEXT);
      const x = MARGIN + contentWidth(doc) / 2;
      for (const line of block.lines)
        doc.text(frenchText(line), x, doc.y, { width: contentWidth(doc) / 2 });
      doc.x = MARGIN;
      doc.moveDown(2);
      return;
    }
  }
}

function writeFields(doc: Doc, fields: Field[]) {
  const width = contentWidth(doc);
  const withSources = fields.some((f) => f.source);
  const labelW = 150;
  const sourceW = withSources ? 135 : 0;
  const valueW = width - labelW - sourceW - 16;
  for (const field of fields) {
    const label = frenchText(field.label);
    const value = frenchText(field.value || '—');
    const source = field.source ? sourceText(field.source) : '';
    doc.font('Bold').fontSize(9);
    const hl = doc.heightOfString(label, { width: labelW });
    doc.font('Body').fontSize(9.5);
    const hv = doc.heightOfString(value, { width: valueW });
    doc.fontSize(7.5);
    const hs = source ? doc.heightOfString(source, { width: sourceW }) : 0;
    const h = Math.max(hl, hv, hs) + 7;
    ensureSpace(doc, h);
    const y = doc.y;
    doc
      .font('Bold')
      .fontSize(9)
      .fillColor(GREY)
      .text(label, MARGIN, y + 3, { width: labelW });
    doc
      .font('Body')
      .fontSize(9.5)
      .fillColor(TEXT)
      .text(value, MARGIN + labelW + 8, y + 3, { width: valueW });
    if (source) {
      doc
        .fontSize(7.5)
        .fillColor(GREY)
        .text(source, MARGIN + labelW + valueW + 16, y + 4, { width: sourceW });
    }
    doc
      .save()
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + width, y + h)
      .lineWidth(0.4)
      .strokeColor(LINE)
      .stroke()
      .restore();
    doc.x = MARGIN;
    doc.y = y + h;
  }
  doc.fillColor(TEXT);
  doc.moveDown(0.6);
}

function writeTable(doc: Doc, table: TableBlock) {
  const width = contentWidth(doc);
  if (table.title) {
    ensureSpace(doc, 40);
    doc.font('Bold').fontSize(10).fillColor(TEXT).text(frenchText(table.title), MARGIN, doc.y);
    doc.moveDown(0.3);
  }
  if (table.rows.length === 0) {
    doc.font('Body').fontSize(9.5).fillColor(GREY).text(frenchText(table.empty), MARGIN, doc.y, {
      width,
    });
    doc.fillColor(TEXT).moveDown(0.6);
    return;
  }
  const pad = 3;
  const fontSize = table.columns.length > 6 ? 7.2 : 8;
  const numeric = table.columns.map((c) =>
    ['euros', 'integer', 'decimal', 'percent'].includes(c.kind ?? 'text'),
  );
  const header = table.columns.map((c) => frenchText(c.label));
  const { rows, omitted } = printedRows(table);
  const bodyCells = rows.map((row) => row.map((v, i) => cellText(v, table.columns[i]?.kind)));
  const widths = columnWidths(doc, table, header, bodyCells, width, fontSize, pad);

  // Cells are laid out by our own word wrapper (`wrapCell`): lines break between words, and a
  // word is cut (with a hyphen) only when it is wider than its column. pdfkit's wrapper cut words
  // that fitted (« Sièg/e »). Each line is drawn without pdfkit's wrapper, which also keeps a
  // 10,000-row list fast.
  const lineHeight = () => doc.currentLineHeight(true);
  const layoutRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Bold' : 'Body').fontSize(fontSize);
    const lines = cells.map((c, i) => wrapCell(doc, c, widths[i]! - pad * 2));
    const h = Math.max(1, ...lines.map((l) => l.length)) * lineHeight() + pad * 2;
    return { lines, h };
  };
  const drawRow = (lines: string[][], y: number, h: number, bold: boolean, fill: string | null) => {
    if (fill) doc.save().rect(MARGIN, y, width, h).fill(fill).restore();
    doc
      .font(bold ? 'Bold' : 'Body')
      .fontSize(fontSize)
      .fillColor(TEXT);
    const lh = lineHeight();
    let x = MARGIN;
    lines.forEach((cellLines, i) => {
      const w = widths[i]! - pad * 2;
      const right = !bold && numeric[i];
      cellLines.forEach((line, n) => {
        const dx = right ? Math.max(0, w - doc.widthOfString(line)) : 0;
        doc.text(line, x + pad + dx, y + pad + n * lh, { lineBreak: false });
      });
      x += widths[i]!;
    });
  };
  const headerRow = layoutRow(header, true);
  const drawHeader = () => {
    const y = doc.y;
    drawRow(headerRow.lines, y, headerRow.h, true, LIGHT);
    doc.y = y + headerRow.h;
  };
  ensureSpace(doc, headerRow.h + 20);
  drawHeader();
  bodyCells.forEach((cells, index) => {
    const { lines, h } = layoutRow(cells, false);
    if (doc.y + h > bottomLimit(doc)) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    drawRow(lines, y, h, false, index % 2 === 1 ? '#f7f8fb' : null);
    doc.y = y + h;
  });
  doc
    .save()
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(0.4)
    .strokeColor(LINE)
    .stroke()
    .restore();
  doc.x = MARGIN;
  if (omitted) {
    doc.moveDown(0.3);
    doc
      .font('Body')
      .fontSize(8.5)
      .fillColor(GREY)
      .text(frenchText(omitted), MARGIN, doc.y, { width });
  }
  if (table.source) {
    doc.moveDown(0.2);
    doc
      .font('Body')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(frenchText(`Source : ${sourceText(table.source)}`), MARGIN, doc.y, { width });
  }
  doc.fillColor(TEXT).moveDown(0.7);
}

/**
 * The columns' widths: the relative widths of the model, widened so that each column's longest
 * word (header in bold, cells) fits when the table can afford it, the room taken from the columns
 * with room to spare.
 */
function columnWidths(
  doc: Doc,
  table: TableBlock,
  header: string[],
  cells: string[][],
  width: number,
  fontSize: number,
  pad: number,
): number[] {
  const total = table.columns.reduce((s, c) => s + (c.width ?? 1), 0);
  const widths = table.columns.map((c) => ((c.width ?? 1) / total) * width);
  // The longest words by length first (string work only), then measured: a few per column.
  const need = table.columns.map((_, i) => {
    doc.font('Bold').fontSize(fontSize);
    let max = Math.max(0, ...words(header[i]!).map((w) => doc.widthOfString(w)));
    const longest = new Set<string>();
    let longestLen = 0;
    for (const row of cells) {
      for (const w of words(row[i] ?? '')) {
        if (w.length > longestLen) {
          longestLen = w.length;
          longest.clear();
        }
        if (w.length >= longestLen - 2) longest.add(w);
      }
    }
    doc.font('Body').fontSize(fontSize);
    for (const w of longest)
      if (w.length >= longestLen - 2) max = Math.max(max, doc.widthOfString(w));
    // A column never takes more than a third of the table for one word: longer words are cut.
    return Math.min(max + pad * 2 + 0.5, width / 3);
  });
  const missing = widths.reduce((s, w, i) => s + Math.max(0, need[i]! - w), 0);
  if (missing <= 0) return widths;
  const spare = widths.reduce((s, w, i) => s + Math.max(0, w - need[i]!), 0);
  if (spare <= 0) return widths;
  const take = Math.min(1, missing / spare);
  return widths.map((w, i) =>
    need[i]! > w ? w + (need[i]! - w) * Math.min(1, spare / missing) : w - (w - need[i]!) * take,
  );
}

const words = (text: string) => text.split(/[\s\n]+/).filter(Boolean);

/**
 * A cell's lines: breaks between words (spaces and line breaks); a word wider than the column is
 * cut with a hyphen, and only such a word. The caller has set the font.
 */
function wrapCell(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (doc.widthOfString(paragraph) <= width) {
      lines.push(paragraph);
      continue;
    }
    let line = '';
    for (const word of paragraph.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (doc.widthOfString(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      if (doc.widthOfString(word) <= width) {
        line = word;
        continue;
      }
      // Wider than the column: cut with a hyphen, as many characters per line as fit.
      let rest = word;
      while (doc.widthOfString(rest) > width) {
        let n = rest.length - 1;
        while (n > 1 && doc.widthOfString(`${rest.slice(0, n)}-`) > width) n--;
        lines.push(`${rest.slice(0, n)}-`);
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

function writeSources(doc: Doc, model: DocumentModel) {
  writeBlock(doc, { type: 'heading', text: 'Sources et dates des données' });
  doc.font('Body').fontSize(8.5).fillColor(GREY);
  for (const s of model.sources) {
    ensureSpace(doc, 14);
    doc.text(frenchText(`• ${sourceText(s)}`), MARGIN, doc.y, { width: contentWidth(doc) });
  }
  doc.fillColor(TEXT);
}

/** Header and footer of every page, written once the page count is known. */
function writeFrames(doc: Doc, model: DocumentModel, meta: RenderMeta) {
  const range = doc.bufferedPageRange();
  const order = meta.orderNumber ? `Commande n°${'\u00a0'}${meta.orderNumber}` : 'Aperçu';
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const width = contentWidth(doc);
    doc
      .font('Bold')
      .fontSize(13)
      .fillColor(BLUE)
      .text('Registre', MARGIN, 30, { lineBreak: false });
    doc
      .font('Body')
      .fontSize(8)
      .fillColor(GREY)
      .text(frenchText(`Informations sur les entreprises — ${meta.site}`), MARGIN + 68, 35, {
        lineBreak: false,
      });
    doc.text(order, MARGIN, 35, { width, align: 'right', lineBreak: false });
    doc
      .save()
      .moveTo(MARGIN, 52)
      .lineTo(MARGIN + width, 52)
      .lineWidth(1)
      .strokeColor(BLUE)
      .stroke()
      .restore();
    const fy = doc.page.height - 44;
    doc
      .save()
      .moveTo(MARGIN, fy - 6)
      .lineTo(MARGIN + width, fy - 6)
      .lineWidth(0.4)
      .strokeColor(LINE)
      .stroke()
      .restore();
    doc
      .font('Body')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(
        frenchText(`Document généré le ${formatDateTime(meta.generatedAt)} · ${order}`),
        MARGIN,
        fy,
        { width: width - 70, lineBreak: false },
      );
    doc.text(`Page ${i - range.start + 1} sur ${range.count}`, MARGIN, fy, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
