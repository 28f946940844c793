import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { csvRecords } from '../core/csv';
import { rows, run, sample, tempDir, writeTemp } from '../testing';
import { filePieces, once, readHeader } from './parallel';

const collect = async (text: string, firstLine = 1) => {
  const out: Array<[number, string[]]> = [];
  for await (const batch of csvRecords(once(text), ',', firstLine))
    for (const r of batch) out.push([r.line, r.fields]);
  return out;
};

async function* chunked(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

describe('filePieces', () => {
  const text = [
    'a,"b\nsuite",c',
    'd,"e ""cité""",f',
    '"g,\n\nh",i,j',
    'k,l,m',
    'n,"o',
    'p ""q""\nr",s',
    't,u,v',
  ].join('\n');

  it('cuts only between records, and numbers each piece from its first line', async () => {
    for (const size of [1, 5, 13, 40, 1000]) {
      const pieces: Array<{ text: string; firstLine: number }> = [];
      for await (const p of filePieces(chunked(text, 3), 1, size)) pieces.push(p);
      expect(pieces.map((p) => p.text).join(''), `size ${size}`).toBe(text);
      const fromPieces = [];
      for (const p of pieces) fromPieces.push(...(await collect(p.text, p.firstLine)));
      expect(fromPieces, `size ${size}`).toEqual(await collect(text));
    }
  });

  it('reads the header off the stream and leaves the rest whole', async () => {
    const { header, rest } = await readHeader(chunked(`"x","y"\r\n${text}`, 4));
    expect(header).toEqual(['x', 'y']);
    let after = '';
    for await (const c of rest) after += c;
    expect(after).toBe(text);
    expect((await readHeader(chunked('', 4))).header).toBeNull();
  });
});

/**
 * The same files imported with the parse workers (tiny pieces, two threads) and in this thread
 * give the same rows, counts and rejects, on an initial load and on an upsert.
 */
describe('import on parse workers', () => {
  const dir = tempDir();
  let inThread: DbHandle;
  let onWorkers: DbHandle;
  beforeAll(async () => {
    [inThread, onWorkers] = await Promise.all([createTestDb(), createTestDb()]);
  });
  afterAll(async () => {
    await inThread?.close();
    await onWorkers?.close();
  });

  const lines = readFileSync(sample('sirene/StockEtablissement_utf8_sample.csv'), 'utf8')
    .trimEnd()
    .split('\n');
  const header = lines[0]!;
  const col = (name: string) => header.split(',').indexOf(name);
  const edit = (line: string, name: string, value: string) => {
    const f = line.split(',');
    f[col(name)] = value;
    return f.join(',');
  };

  const both = async (file: string) => {
    const options = { rejectsDir: dir };
    const a = await run(inThread, 'sirene-etab', file, { ...options, parseThreads: 0 });
    const b = await run(onWorkers, 'sirene-etab', file, {
      ...options,
      parseThreads: 2,
      parsePieceChars: 2000,
    });
    const summary = (s: typeof a) => ({
      read: s.read,
      inserted: s.inserted,
      updated: s.updated,
      unchanged: s.unchanged,
      rejected: s.rejected,
      rejects: s.rejects.map((r) => [r.line, r.reason]),
    });
    expect([a.parseThreads, b.parseThreads]).toEqual([0, 2]);
    expect(summary(b)).toEqual(summary(a));
    const table = (h: DbHandle) =>
      rows(
        h,
        `SELECT siret, sirene_hash::text AS hash, address_complement, sirene_updated_at::text AS at
           FROM establishments ORDER BY siret`,
      );
    expect(await table(onWorkers)).toEqual(await table(inThread));
    return a;
  };

  it('gives the same initial load, rejects included', async () => {
    const file = [
      header,
      ...lines.slice(1, 400),
      lines[400]!.split(',').slice(0, 30).join(','),
      edit(lines[401]!, 'siret', '1234'),
      edit(lines[402]!, 'complementAdresseEtablissement', '"BATIMENT ""A""\nESCALIER 2"'),
      ...lines.slice(403),
    ].join('\n');
    const s = await both(writeTemp(dir, 'etab-initial.csv', file));
    expect(s.rejected).toBe(2);
    expect(s.rejects.map((r) => r.line)).toEqual([401, 402]);
    expect(s.inserted).toBe(lines.length - 3);
  });

  it('gives the same upsert of a newer stock', async () => {
    const when = col('dateDernierTraitementEtablissement');
    const file = [
      header,
      ...lines.slice(1).map((l, i) => {
        if (i % 7 !== 0) return l;
        const f = l.split(',');
        f[when] = '2031-01-01T00:00:00';
        f[col('trancheEffectifsEtablissement')] = '53';
        return f.join(',');
      }),
    ].join('\n');
    const s = await both(writeTemp(dir, 'etab-newer.csv', file));
    expect(s.updated).toBeGreaterThan(100);
    expect(s.unchanged).toBeGreaterThan(700);
  });
});
