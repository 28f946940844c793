/**
 * Runs once per Vitest run, in Vitest's own process (vitest.config.ts `globalSetup`), before any
 * test process starts.
 *
 * Gives the run a folder of its own under the system's temporary folder (`inject('runDir')`):
 * what several test files would each build the same way in the run (the content compiled by
 * Velite, src/content/testing.ts) is built there once and read by the others. Removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    runDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'vitest-run-'));
  project.provide('runDir', runDir);
  return () => rmSync(runDir, { recursive: true, force: true });
}
