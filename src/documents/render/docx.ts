/**
 * Word rendering (docx): the same model as the PDF, with the header and footer in Word's own
 * header and footer, French as the document language, and the title in the file's properties.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { formatDateTime, frenchText } from '../format';
import {
  cellText,
  printedRows,
  sourceText,
  type Block,
  type DocumentModel,
  type RenderMeta,
} from '../model';

const FONT = 'Calibri';
const BLUE = '1D3F8F';
const GREY = '5B6270';

const p = (text: string, opts: { bold?: boolean; size?: number; color?: string } = {}) =>
  new Paragraph({
    spacing: { after: 80 },
    children: [
      new TextRun({
        text: frenchText(text),
        bold: opts.bold,
        size: opts.size,
        color: opts.color,
      }),
    ],
  });

const border = { style: BorderStyle.SINGLE, size: 4, color: 'C9CED8' };
const borders = { top: border, bottom: border, left: border, right: border };

function cell(
  text: string,
  opts: { bold?: boolean; fill?: string; right?: boolean; width?: number },
) {
  return new TableCell({
    borders,
    width: opts.width ? { size: opts.width, type: WidthType.PERCENTAGE } : undefined,
    shading: opts.fill ? { type: ShadingType.CLEAR, color: 'auto', fill: opts.fill } : undefined,
    children: [
      new Paragraph({
        alignment: opts.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: [new TextRun({ text: frenchText(text), bold: opts.bold, size: 17 })],
      }),
    ],
  });
}

function blockChildren(block: Block): Array<Paragraph | Table> {
  switch (block.type) {
    case 'heading':
      return [
        new Paragraph({
          heading: HeadingLevel.HEADING_2,
          spacing: { before: 240, after: 120 },
          children: [new TextRun({ text: frenchText(block.text), color: BLUE, bold: true })],
        }),
      ];
    case 'paragraph':
      return [
        p(block.text, {
          bold: block.style === 'strong',
          size: block.style === 'note' ? 17 : 21,
          color: block.style === 'note' ? GREY : undefined,
        }),
      ];
    case 'notice':
      return [
        new Paragraph({
          shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'FFF7E0' },
          border: { top: border, bottom: border, left: border, right: border },
          spacing: { before: 120, after: 160 },
          children: [new TextRun({ text: frenchText(block.text), size: 18, color: '5A4300' })],
        }),
      ];
    case 'signature':
      return [
        new Paragraph({ text: '', spacing: { before: 240 } }),
        ...block.lines.map(
          (l) => new Paragraph({ indent: { left: 4800 }, children: [new TextRun(frenchText(l))] }),
        ),
      ];
    case 'fields': {
      const withSources = block.fields.some((f) => f.source);
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: block.fields.map(
            (f) =>
              new TableRow({
                children: [
                  cell(f.label, { bold: true, fill: 'EEF1F6', width: 30 }),
                  cell(f.value || '—', { width: withSources ? 45 : 70 }),
                  ...(withSources
                    ? [cell(f.source ? sourceText(f.source) : '', { width: 25 })]
                    : []),
                ],
              }),
          ),
        }),
        new Paragraph({ text: '' }),
      ];
    }
    case 'table': {
      if (block.hiddenInPrint) return [];
      const out: Array<Paragraph | Table> = [];
      if (block.title) out.push(p(block.title, { bold: true }));
      if (block.rows.length === 0) {
        out.push(p(block.empty, { color: GREY }));
        return out;
      }
      const numeric = block.columns.map((c) =>
        ['euros', 'integer', 'decimal', 'percent'].includes(c.kind ?? 'text'),
      );
      const { rows, omitted } = printedRows(block);
      out.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [
            new TableRow({
              tableHeader: true,
              children: block.columns.map((c) => cell(c.label, { bold: true, fill: 'EEF1F6' })),
            }),
            ...rows.map(
              (r) =>
                new TableRow({
                  children: r.map((v, i) =>
                    cell(cellText(v, block.columns[i]?.kind), { right: numeric[i] }),
                  ),
                }),
            ),
          ],
        }),
      );
      if (omitted) out.push(p(omitted, { size: 16, color: GREY }));
      if (block.source)
        out.push(p(`Source : ${sourceText(block.source)}`, { size: 16, color: GREY }));
      else out.push(new Paragraph({ text: '' }));
      return out;
    }
  }
}

export async function renderDocx(model: DocumentModel, meta: RenderMeta): Promise<Buffer> {
  const order = meta.orderNumber ? `Commande n° ${meta.orderNumber}` : 'Aperçu';
  const children: Array<Paragraph | Table> = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      children: [new TextRun({ text: frenchText(model.title), bold: true, color: BLUE, size: 34 })],
    }),
    p(model.subtitle, { color: GREY }),
  ];
  if (model.notOfficial)
    children.push(...blockChildren({ type: 'notice', text: model.notOfficial }));
  for (const b of model.blocks) children.push(...blockChildren(b));
  if (model.sources.length) {
    children.push(...blockChildren({ type: 'heading', text: 'Sources et dates des données' }));
    for (const s of model.sources)
      children.push(p(`• ${sourceText(s)}`, { size: 17, color: GREY }));
  }
  const doc = new Document({
    title: model.title,
    subject: model.subject,
    creator: `Registre (${meta.site})`,
    description: `${model.title} — ${order}`,
    keywords: model.kind,
    styles: {
      default: {
        document: { run: { font: FONT, size: 21, language: { value: 'fr-FR' } } },
      },
    },
    sections: [
      {
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                children: [
                  new TextRun({ text: 'Registre', bold: true, color: BLUE }),
                  new TextRun({
                    text: frenchText(
                      `  Informations sur les entreprises — ${meta.site} · ${order}`,
                    ),
                    size: 16,
                    color: GREY,
                  }),
                ],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                children: [
                  new TextRun({
                    text: frenchText(
                      `Document généré le ${formatDateTime(meta.generatedAt)} · ${order} · Page `,
                    ),
                    size: 15,
                    color: GREY,
                  }),
                  new TextRun({ children: [PageNumber.CURRENT], size: 15, color: GREY }),
                  new TextRun({ text: ' sur ', size: 15, color: GREY }),
                  new TextRun({ children: [PageNumber.TOTAL_PAGES], size: 15, color: GREY }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
