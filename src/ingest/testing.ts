/** Helpers for the ingest tests: sample paths, temporary files, archives. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { DbHandle } from '@/db/client';
import { withConn } from './core/conn';
import { importFile, type ImportOptions, type SourceKey } from './core/run';
import { IMPORTERS } from './sources';
import { part, zipOf } from '@/lib/tabular/zip-bombs';

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

/** A one-entry zip archive (deflate), as INSEE publishes its stock files. */
export const zipOne = (entryName: string, content: Buffer): Buffer =>
  zipOf([part(entryName, content)]);

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
