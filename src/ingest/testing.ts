/** Helpers for the ingest tests: sample paths, temporary files, archives. */
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { inject } from 'vitest';
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

/** Where the compiled import command goes: inside the project, so its packages resolve. */
const COMPILED_CLI_DIR = path.resolve('node_modules/.cache/registre-test-cli');

/**
 * The import command (src/ingest/cli.ts) compiled to one file, once per Vitest run, as the server
 * is compiled for production (src/lib/compile-entries.ts): tests that start it in many child
 * processes give each plain JavaScript to load (and Node's compile cache, NODE_COMPILE_CACHE)
 * instead of tsx compiling and resolving each module. The same source; run it with `node <file>`.
 * Copies left by runs older than a day are removed.
 */
export async function compiledImportCli(): Promise<string> {
  const out = path.join(COMPILED_CLI_DIR, path.basename(inject('runDir')));
  const file = path.join(out, 'cli.mjs');
  if (existsSync(file)) return file;
  const partial = `${out}.${process.pid}.${randomBytes(4).toString('hex')}`;
  // Loaded here: esbuild, only for the few files that start the command.
  const { compileEntries } = await import('@/lib/compile-entries');
  await compileEntries(process.cwd(), { cli: 'src/ingest/cli.ts' }, partial);
  try {
    renameSync(partial, out);
  } catch {
    // The other test process compiled it first: the same file.
    rmSync(partial, { recursive: true, force: true });
  }
  for (const name of readdirSync(COMPILED_CLI_DIR)) {
    const old = path.join(COMPILED_CLI_DIR, name);
    if (Date.now() - statSync(old).mtimeMs > 24 * 3600_000)
      rmSync(old, { recursive: true, force: true });
  }
  return file;
}
