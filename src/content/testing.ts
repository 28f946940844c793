import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resetEnvForTests } from '@/config/env';

/**
 * Compiles content/ with `velite build --strict` into a folder of this test file's own (test
 * files run in parallel; each reads its own output through CONTENT_OUTPUT_DIR). Throws with
 * Velite's report when a file is invalid.
 */
export function compileContentForTests(): string {
  const out = mkdtempSync(path.join(os.tmpdir(), 'velite-test-'));
  const run = spawnSync(
    process.execPath,
    [path.join(process.cwd(), 'node_modules/velite/bin/velite.js'), 'build', '--strict'],
    { encoding: 'utf8', env: { ...process.env, VELITE_OUT: out, NO_COLOR: '1' } },
  );
  if (run.status !== 0)
    throw new Error(`velite build --strict failed:\n${run.stdout}${run.stderr}`);
  process.env.CONTENT_OUTPUT_DIR = out;
  resetEnvForTests();
  return out;
}
