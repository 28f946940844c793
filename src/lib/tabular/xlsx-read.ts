/**
 * Reads the first sheet of an uploaded XLSX workbook under hard limits that never depend on what
 * the file declares: a zip states the sizes of its entries and those sizes lie (issue 36: a
 * 1.9 MB upload whose sheet said a few kilobytes inflated to 1.99 GB inside exceljs/JSZip, which
 * inflate everything before looking). Here:
 *
 * - the zip is walked with yauzl (`lazyEntries`), at most MAX_ENTRIES entries; only the four parts
 *   needed are ever inflated (workbook, its relationships, the shared strings, the first sheet),
 *   never an embedded file, so a nested zip stays compressed;
 * - each part is inflated as a stream and the bytes that come out are counted: past its own cap or
 *   the workbook's total cap the stream is destroyed at once;
 * - the XML is parsed as it arrives (saxes, a strict streaming parser), with no DOCTYPE, comment
 *   or CDATA section (no workbook writer puts one there; a DOCTYPE is how entity bombs come),
 *   and no run of more than MAX_RUN characters between two markup characters, so the parser never
 *   buffers a giant text node or attribute;
 * - rows, columns, cells and shared strings are counted as they are read, and the whole read has
 *   a deadline.
 *
 * Any limit passed is a `TableLimit` thrown at once (the caller answers 413); anything unreadable
 * is a `TableUnreadable` (422).
 */
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';

export type TableLimits = {
  /** Bytes inflated from the whole workbook. */
  inflatedBytes: number;
  /** Bytes inflated from one part (sheet, shared strings). */
  partBytes: number;
  /** Entries of the zip's central directory walked before giving up. */
  entries: number;
  rows: number;
  columns: number;
  cells: number;
  sharedStrings: number;
  /** Characters of one cell's text. */
  cellChars: number;
  /** Milliseconds for the whole read. */
  timeMs: number;
};

/**
 * Sized for the enrichment upload (1,000 SIRENs at most, a 2 MB file): a real workbook of that
 * size inflates to a few megabytes; the caps leave room for wide sheets of notes around the
 * SIREN column while keeping a hostile file's cost to a few tens of megabytes and seconds.
 */
export const TABLE_LIMITS: TableLimits = {
  inflatedBytes: 24 * 1024 * 1024,
  partBytes: 16 * 1024 * 1024,
  entries: 1000,
  rows: 20_000,
  columns: 200,
  cells: 200_000,
  sharedStrings: 200_000,
  cellChars: 32_767, // Excel's own limit for a cell
  timeMs: 10_000,
};

/** Characters of text or markup between two `<` or two `>` (a cell of 32,767 escaped characters fits). */
const MAX_RUN = 256 * 1024;

/** A limit passed: the file is refused as too large (413). */
export class TableLimit extends Error {}
/** Not a workbook we can read (422). */
export class TableUnreadable extends Error {}

type Entry = yauzl.Entry;

function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      // The declared sizes are checked against what inflates (an entry that inflates past its
      // declared size errors at once); our own byte caps below hold whatever was declared.
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(new TableUnreadable(String(err))) : resolve(zip)),
    ),
  );
}

/** The entries by name (at most `limit` walked), the zip closed by the caller. */
function listEntries(zip: yauzl.ZipFile, limit: number): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let seen = 0;
    zip.on('entry', (e: Entry) => {
      if (++seen > limit) {
        zip.close();
        reject(new TableLimit(`plus de ${limit} fichiers dans le classeur`));
        return;
      }
      entries.set(e.fileName.replace(/^\/+/, ''), e);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (err) => reject(new TableUnreadable(String(err))));
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(new TableUnreadable(String(err))) : resolve(stream),
    ),
  );
}

/** Spent bytes and the deadline, shared by every part of one workbook. */
type Budget = { inflated: number; deadline: number; limits: TableLimits };

function overTime(budget: Budget) {
  if (Date.now() > budget.deadline)
    throw new TableLimit(`lecture plus longue que ${budget.limits.timeMs / 1000} s`);
}

/**
 * Inflates `entry` and feeds its text to a strict streaming XML parser, stopping at the first
 * limit passed (the inflating stream destroyed with it).
 */
async function parsePart(
  zip: yauzl.ZipFile,
  entry: Entry,
  budget: Budget,
  handlers: {
    open?: (tag: SaxesTagPlain) => void;
    close?: (tag: SaxesTagPlain) => void;
    text?: (text: string) => void;
  },
): Promise<void> {
  const parser = new SaxesParser();
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', handlers.close);
  if (handlers.text) parser.on('text', handlers.text);
  const stream = await openEntry(zip, entry);
  const decoder = new StringDecoder('utf8');
  let partBytes = 0;
  let sinceLt = 0;
  let sinceGt = 0;
  let previous = '';
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      partBytes += chunk.length;
      budget.inflated += chunk.length;
      if (partBytes > budget.limits.partBytes || budget.inflated > budget.limits.inflatedBytes)
        throw new TableLimit('classeur trop volumineux une fois décompressé');
      overTime(budget);
      const text = decoder.write(chunk);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x3c) sinceLt = 0;
        else sinceLt++;
        if (c === 0x3e) sinceGt = 0;
        else sinceGt++;
        // `<!`: a DOCTYPE, a comment or a CDATA section, which the parser would buffer whole.
        if (c === 0x21 && (i > 0 ? text.charCodeAt(i - 1) === 0x3c : previous === '<'))
          throw new TableUnreadable('DOCTYPE, commentaire ou section CDATA');
      }
      if (sinceLt > MAX_RUN || sinceGt > MAX_RUN)
        throw new TableLimit('texte d’une cellule trop long');
      if (text) previous = text[text.length - 1]!;
      try {
        parser.write(text);
      } catch (e) {
        if (e instanceof TableLimit || e instanceof TableUnreadable) throw e;
        throw new TableUnreadable(e instanceof Error ? e.message : String(e));
      }
    }
    parser.write(decoder.end());
    parser.close();
  } catch (e) {
    stream.destroy();
    if (e instanceof TableLimit || e instanceof TableUnreadable) throw e;
    throw new TableUnreadable(e instanceof Error ? e.message : String(e));
  }
}

/** `A1` → column 0, row 0; null when malformed. */
function cellRef(ref: string): { row: number; col: number } | null {
  const m = /^([A-Z]{1,3})(\d{1,7})$/.exec(ref);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]!) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, col: col - 1 };
}

const attr = (tag: SaxesTagPlain, name: string): string | undefined => {
  const v = tag.attributes[name];
  return typeof v === 'string' ? v : undefined;
};

/** A part's path from the workbook's relationship target (relative to `xl/`, or absolute). */
const partPath = (target: string) =>
  target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;

/** The first sheet's and the shared strings' paths, from the workbook and its relationships. */
async function locateParts(
  zip: yauzl.ZipFile,
  entries: Map<string, Entry>,
  budget: Budget,
): Promise<{ sheet: string; sharedStrings: string | null }> {
  let firstSheetRel: string | undefined;
  const workbook = entries.get('xl/workbook.xml');
  if (!workbook) throw new TableUnreadable('pas de xl/workbook.xml');
  await parsePart(zip, workbook, budget, {
    open: (tag) => {
      if (tag.name === 'sheet' && firstSheetRel === undefined) firstSheetRel = attr(tag, 'r:id');
    },
  });
  const targets = new Map<string, string>();
  let sharedStrings: string | null = null;
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (rels)
    await parsePart(zip, rels, budget, {
      open: (tag) => {
        if (tag.name !== 'Relationship') return;
        const id = attr(tag, 'Id');
        const target = attr(tag, 'Target');
        if (!id || !target) return;
        targets.set(id, partPath(target));
        if ((attr(tag, 'Type') ?? '').endsWith('/sharedStrings')) sharedStrings = partPath(target);
      },
    });
  const sheet =
    (firstSheetRel !== undefined ? targets.get(firstSheetRel) : undefined) ??
    'xl/worksheets/sheet1.xml';
  if (sharedStrings === null && entries.has('xl/sharedStrings.xml'))
    sharedStrings = 'xl/sharedStrings.xml';
  return { sheet, sharedStrings };
}

async function readSharedStrings(
  zip: yauzl.ZipFile,
  entry: Entry,
  budget: Budget,
): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  // Phonetic runs (<rPh>) are readings shown above Japanese text, not the cell's text.
  let inPhonetic = false;
  await parsePart(zip, entry, budget, {
    open: (tag) => {
      if (tag.name === 'si') {
        if (strings.length >= budget.limits.sharedStrings)
          throw new TableLimit('trop de textes partagés');
        current = '';
      } else if (tag.name === 'rPh') inPhonetic = true;
      else if (tag.name === 't') inText = !inPhonetic;
    },
    close: (tag) => {
      if (tag.name === 'si') {
        strings.push(current ?? '');
        current = null;
      } else if (tag.name === 'rPh') inPhonetic = false;
      else if (tag.name === 't') inText = false;
    },
    text: (text) => {
      if (!inText || current === null) return;
      current += text;
      if (current.length > budget.limits.cellChars) throw new TableLimit('texte trop long');
    },
  });
  return strings;
}

/** A numeric cell as text: as written, unless written in exponent form. */
function numberText(v: string): string {
  if (/^-?\d+(\.\d+)?$/.test(v)) return v;
  const n = Number(v);
  return Number.isFinite(n) ? String(n) : v;
}

async function readSheet(
  zip: yauzl.ZipFile,
  entry: Entry,
  shared: string[],
  budget: Budget,
): Promise<string[][]> {
  const { limits } = budget;
  const rows: string[][] = [];
  let cells = 0;
  let rowIndex = -1;
  let nextCol = 0;
  let cell: { col: number; type: string; value: string } | null = null;
  let collecting = false;
  let inInline = false;
  await parsePart(zip, entry, budget, {
    open: (tag) => {
      switch (tag.name) {
        case 'row': {
          const r = attr(tag, 'r');
          rowIndex = r !== undefined && /^\d{1,7}$/.test(r) ? Number(r) - 1 : rowIndex + 1;
          if (rowIndex >= limits.rows) throw new TableLimit(`plus de ${limits.rows} lignes`);
          nextCol = 0;
          break;
        }
        case 'c': {
          const ref = attr(tag, 'r');
          const at = ref ? cellRef(ref) : null;
          const col = at ? at.col : nextCol;
          if (at && at.row >= limits.rows) throw new TableLimit(`plus de ${limits.rows} lignes`);
          if (col >= limits.columns) throw new TableLimit(`plus de ${limits.columns} colonnes`);
          if (++cells > limits.cells) throw new TableLimit(`plus de ${limits.cells} cellules`);
          cell = { col, type: attr(tag, 't') ?? 'n', value: '' };
          nextCol = col + 1;
          break;
        }
        case 'v':
          collecting = cell !== null;
          break;
        case 'is':
          inInline = true;
          break;
        case 't':
          collecting = cell !== null && inInline;
          break;
      }
    },
    close: (tag) => {
      switch (tag.name) {
        case 'v':
        case 't':
          collecting = false;
          break;
        case 'is':
          inInline = false;
          break;
        case 'c': {
          if (!cell || rowIndex < 0) break;
          const { type, value, col } = cell;
          let text: string;
          if (type === 's') {
            const i = Number(value);
            text = Number.isInteger(i) && i >= 0 && i < shared.length ? shared[i]! : '';
          } else if (type === 'n') text = value === '' ? '' : numberText(value);
          else if (type === 'b') text = value === '1' ? 'VRAI' : value === '0' ? 'FAUX' : value;
          else text = value; // inlineStr, str (a formula's text), e (an error), d (ISO date)
          const row = (rows[rowIndex] ??= []);
          row[col] = text;
          cell = null;
          break;
        }
      }
    },
    text: (text) => {
      if (!collecting || !cell) return;
      cell.value += text;
      if (cell.value.length > limits.cellChars) throw new TableLimit('texte trop long');
    },
  });
  // Rows and cells the sheet skipped are empty (a sparse array would read as holes).
  for (let i = 0; i < rows.length; i++) {
    const row = (rows[i] ??= []);
    for (let j = 0; j < row.length; j++) row[j] ??= '';
  }
  return rows;
}

/** The first sheet's rows, every cell as text. Throws TableLimit or TableUnreadable. */
export async function readXlsxRows(
  bytes: Uint8Array,
  limits: TableLimits = TABLE_LIMITS,
): Promise<string[][]> {
  const budget: Budget = { inflated: 0, deadline: Date.now() + limits.timeMs, limits };
  const zip = await openZip(bytes);
  try {
    const entries = await listEntries(zip, limits.entries);
    const parts = await locateParts(zip, entries, budget);
    const sharedEntry = parts.sharedStrings ? entries.get(parts.sharedStrings) : undefined;
    const shared = sharedEntry ? await readSharedStrings(zip, sharedEntry, budget) : [];
    const sheet = entries.get(parts.sheet);
    if (!sheet) throw new TableUnreadable('pas de feuille');
    return await readSheet(zip, sheet, shared, budget);
  } finally {
    zip.close();
  }
}
