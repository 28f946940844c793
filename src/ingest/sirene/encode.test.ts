import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copyRow, rowHash } from '../core/copy';
import { parseQuoted } from '../core/csv';
import { sample } from '../testing';
import { encodeCsvText, encodeRecords } from './encode';
import { uniteLegaleMapper } from './unite-legale';

const lines = readFileSync(sample('sirene/StockUniteLegale_echantillon_joao-sdx.csv'), 'utf8')
  .trimEnd()
  .split('\n');
const header = parseQuoted(lines[0]!, ',')!;
const positions = new Map(header.map((h, i) => [h, i]));
const map = uniteLegaleMapper((n) => positions.get(n) ?? -1);
const nameAt = header.indexOf('denominationUniteLegale');
const withName = (line: string, name: string) => {
  const f = parseQuoted(line, ',')!;
  f[nameAt] = name;
  return f.map((v) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',');
};

/** The encoding every stored hash was taken from: copyRow of the mapped values, then the hash. */
const expected = (fields: string[]) => {
  const encoded = copyRow(map(fields));
  const hash = rowHash(encoded);
  return { line: `${encoded.slice(0, -1)}\t${hash}\n`, hash };
};

describe('encodeCsvText (the parse workers’ loop)', () => {
  // Names that COPY must escape (backslash, tab, a line break inside quotes, CRLF endings),
  // a plain record, and a reject.
  const records = [
    withName(lines[1]!, 'A\\B'),
    withName(lines[2]!, 'TAB\tULATION'),
    withName(lines[3]!, 'DEUX\nLIGNES'),
    lines[4]!,
    lines[5]!.replace(/^\d{9}/, '12345'),
    lines[6]!,
  ];
  const text = `${records.join('\r\n')}\r\n`;
  const fieldsOf = (r: string) => parseQuoted(r, ',')!;
  const opts = { keyIndex: 0, dateIndex: 25, track: true };

  it('gives each row the encoding and hash of copyRow, escapes included', () => {
    const out = encodeCsvText(text, 2, header.length, map, opts);
    const valid = records.filter((_, i) => i !== 4).map((r) => expected(fieldsOf(r)));
    expect(out.lines).toEqual(valid.map((v) => v.line));
    expect(out.hashes).toEqual(valid.map((v) => v.hash));
    expect(out.lines[0]).toContain('A\\\\B');
    expect(out.lines[1]).toContain('TAB\\tULATION');
    expect(out.lines[2]).toContain('DEUX\\nLIGNES');
    expect(out.rows).toBe(5);
    expect(out.read).toBe(6);
    // The multi-line record takes lines 4 and 5: the reject is on line 7.
    expect(out.rejects).toEqual([
      expect.objectContaining({ line: 7, reason: expect.stringContaining('SIREN') }),
    ]);
  });

  it('writes one block when rows are not tracked, the same as record by record', () => {
    const block = encodeCsvText(text, 2, header.length, map, { ...opts, track: false });
    const tracked = encodeCsvText(text, 2, header.length, map, opts);
    expect(tracked.lines).toHaveLength(5);
    expect(block.lines).toEqual([tracked.lines.join('')]);
    expect(block.keys).toEqual([]);
  });

  it('escapes values when the record text is not the whole record (JSON answers)', () => {
    const fields = fieldsOf(withName(lines[1]!, 'A\\B'));
    const out = encodeRecords([{ line: 1, fields, raw: '{"siren"' }], header.length, map, opts);
    expect(out.lines).toEqual([expected(fields).line]);
  });
});
