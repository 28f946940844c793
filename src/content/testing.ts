import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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
  let owner = false;
  while (!existsSync(shared)) {
    try {
      mkdirSync(building);
      writeFileSync(path.join(building, 'pid'), String(process.pid));
      owner = true;
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // The process compiling is gone (killed): its lock is taken over.
      if (!alive(ownerOf(building))) rmSync(building, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
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

function ownerOf(building: string): number {
  try {
    return Number(readFileSync(path.join(building, 'pid'), 'utf8'));
  } catch {
    return 0;
  }
}

/** A pid not written yet (0) counts as alive: its process is between the lock and the write. */
function alive(pid: number): boolean {
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
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
