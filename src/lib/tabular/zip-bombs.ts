/**
 * Hostile workbooks built on the spot, for the tests of the upload reader and its benchmark
 * (src/lib/tabular/xlsx-read.test.ts, src/security/uploads.test.ts, bench/upload-bomb.ts): a zip
 * writer that may state any size it likes in its headers, and a deflater of a repeated text that
 * never holds the inflated text (a 2 GB sheet deflates from 1 MB of it at a time).
 */
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import { centralDirectory, type ZipEntry } from './xlsx';

export type ZipPart = {
  name: string;
  /** The deflated bytes and the true CRC and size of what they inflate to. */
  deflated: Buffer;
  crc: number;
  size: number;
  /** The uncompressed size written in the headers (the true one by default): a zip may lie. */
  declaredSize?: number;
};

/** A part from its content, deflated at once (small parts). */
export function part(name: string, content: string | Buffer): ZipPart {
  const data = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** A part of `head`, then `unit` repeated until `size` bytes, then `tail`, deflated as a stream. */
export async function repeatedPart(
  name: string,
  head: string,
  unit: string,
  size: number,
  tail = '',
): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9, memLevel: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  let crc = 0;
  let written = 0;
  const write = async (b: Buffer) => {
    crc = crc32(b, crc);
    written += b.length;
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  };
  await write(Buffer.from(head));
  const body = size - head.length - tail.length;
  const block = Buffer.from(unit.repeat(Math.max(1, Math.floor((1 << 20) / unit.length))));
  let left = body;
  while (left >= block.length) {
    await write(block);
    left -= block.length;
  }
  const units = Math.floor(left / unit.length);
  if (units > 0) await write(Buffer.from(unit.repeat(units)));
  // The rest in spaces, so that the XML stays well-formed.
  if (left > units * unit.length) await write(Buffer.alloc(left - units * unit.length, 0x20));
  await write(Buffer.from(tail));
  deflate.end();
  await done;
  return { name, deflated: Buffer.concat(out), crc, size: written };
}

/** The zip of `parts`, its headers stating each part's `declaredSize`. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const entries: ZipEntry[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const data = p.deflated;
    const size = Math.min(p.declaredSize ?? p.size, 0xfffffffe);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    entries.push({ name, crc: p.crc, size, compressed: data.length, offset });
    offset += 30 + name.length + data.length;
  }
  return Buffer.concat([...locals, centralDirectory(entries, offset, 0x0800)]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook has, around a sheet at xl/worksheets/sheet1.xml. */
export function workbookParts(withSharedStrings = false): ZipPart[] {
  return [
    part(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Liste" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${
        withSharedStrings
          ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`
          : ''
      }</Relationships>`,
    ),
  ];
}

/** The opening of a sheet's XML, up to its first row. */
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
export const SHARED_HEAD = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`;

/** One row of inline text cells. */
export const rowXml = (n: number, cells: string[]) =>
  `<row r="${n}">${cells.map((c) => `<c t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;

/**
 * A workbook whose one sheet inflates to `size` bytes of rows, while its headers say `declared`
 * bytes (the issue's bomb: 1.9 MB that inflates to 1.99 GB, sizes that lie).
 */
export async function sheetBomb(size: number, declared?: number): Promise<Buffer> {
  const sheet = await repeatedPart(
    'xl/worksheets/sheet1.xml',
    SHEET_HEAD,
    '<row><c t="inlineStr"><is><t>552032534</t></is></c></row>',
    size,
    SHEET_TAIL,
  );
  return zipOf([...workbookParts(), { ...sheet, declaredSize: declared }]);
}
