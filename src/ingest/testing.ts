/** Helpers for the ingest tests: sample paths, temporary files, archives. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import type { DbHandle } from '@/db/client';
import { withConn } from './core/conn';
import { importFile, type ImportOptions, type SourceKey } from './core/run';
import { IMPORTERS } from './sources';

export const SAMPLES = path.resolve(process.cwd(), 'data/samples');
export const sample = (rel: string) => path.join(SAMPLES, rel);

export function tempDir(prefix = 'ingest-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function writeTemp(dir: string, name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

export const gzip = (content: string | Buffer) => gzipSync(content);

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A one-entry zip archive (deflate), as INSEE publishes its stock files. */
export function zipOne(entryName: string, content: Buffer): Buffer {
  const data = deflateRawSync(content);
  const name = Buffer.from(entryName);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 10);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0, 12);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const localSize = 30 + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

export function run(
  handle: DbHandle,
  source: Exclude<SourceKey, 'reference'>,
  file: string,
  options: ImportOptions = {},
) {
  return importFile(handle, source, IMPORTERS[source], file, { progress: 'off', ...options });
}

export function rows<T = Record<string, unknown>>(
  handle: DbHandle,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  return withConn(handle, (c) => c.query<T>(text, params));
}

export async function count(
  handle: DbHandle,
  table: string,
  where = 'true',
  params: unknown[] = [],
): Promise<number> {
  const r = await rows<{ n: number }>(
    handle,
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
    params,
  );
  return Number(r[0]?.n ?? 0);
}
