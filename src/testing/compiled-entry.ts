/**
 * Entry points that tests start in child processes, compiled to one JavaScript file each, once per
 * Vitest run, as the production server is compiled (src/lib/compile-entries.ts): each child loads
 * plain JavaScript (and Node's compile cache, NODE_COMPILE_CACHE) instead of tsx compiling and
 * resolving every module. The same source; run it with `node <file>`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** Where compiled entry points go: inside the project, so their packages resolve. */
const COMPILED_DIR = path.resolve('node_modules/.cache/registre-test-entries');

/**
 * `source` (a path from the project's root, e.g. `src/ingest/cli.ts`) compiled for this run: the
 * first test process that asks compiles it, the others find it. Copies left by runs older than a
 * day are removed.
 */
export async function compiledEntry(source: string): Promise<string> {
  const name = source.replace(/\.tsx?$/, '').replace(/[^\w-]+/g, '-');
  const out = path.join(COMPILED_DIR, path.basename(inject('runDir')), name);
  const file = path.join(out, `${name}.mjs`);
  if (existsSync(file)) return file;
  const partial = `${out}.${process.pid}.${randomBytes(4).toString('hex')}`;
  // Loaded here: esbuild, only for the few files that start a child process.
  const { compileEntries } = await import('@/lib/compile-entries');
  await compileEntries(process.cwd(), { [name]: source }, partial);
  try {
    renameSync(partial, out);
  } catch {
    // The other test process compiled it first: the same file.
    rmSync(partial, { recursive: true, force: true });
  }
  for (const run of readdirSync(COMPILED_DIR)) {
    const old = path.join(COMPILED_DIR, run);
    if (Date.now() - statSync(old).mtimeMs > 24 * 3600_000)
      rmSync(old, { recursive: true, force: true });
  }
  return file;
}
