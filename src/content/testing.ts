import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { resetEnvForTests } from '@/config/env';

/**
 * Compiles content/ with `velite build --strict` once per Vitest run, into the run's folder
 * (src/testing/vitest-global-setup.ts), and points this test file at it (CONTENT_OUTPUT_DIR):
 * the other test files of the run read the same output (content/ does not change during a run).
 * A file asking while another process compiles waits for its output. Throws with Velite's report
 * when a file is invalid.
 */
export async function compileContentForTests(): Promise<string> {
  const shared = path.join(inject('runDir'), 'velite');
  const building = `${shared}.building`;
  // Past this, the process compiling is taken for stuck: this one compiles on its own.
  const deadline = Date.now() + 90_000;
  let owner = false;
  while (!existsSync(shared) && Date.now() < deadline) {
    try {
      mkdirSync(building);
      owner = true;
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    if (existsSync(shared)) return pointAt(shared);
    const out = mkdtempSync(`${shared}-`);
    await velite(out);
    try {
      renameSync(out, shared);
      return pointAt(shared);
    } catch {
      // Another process named its output the run's meanwhile: this one reads its own.
      return pointAt(out);
    }
  } finally {
    if (owner) rmSync(building, { recursive: true, force: true });
  }
}

function pointAt(dir: string): string {
  process.env.CONTENT_OUTPUT_DIR = dir;
  resetEnvForTests();
  return dir;
}

async function velite(out: string): Promise<void> {
  try {
    await promisify(execFile)(
      process.execPath,
      [path.join(process.cwd(), 'node_modules/velite/bin/velite.js'), 'build', '--strict'],
      { encoding: 'utf8', env: { ...process.env, VELITE_OUT: out, NO_COLOR: '1' } },
    );
  } catch (e) {
    rmSync(out, { recursive: true, force: true });
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    throw new Error(`velite build --strict failed:\n${stdout}${stderr}`, { cause: e });
  }
}
