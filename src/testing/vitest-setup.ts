/**
 * Runs before every test file (vitest.config.ts `setupFiles`).
 *
 * The test processes are reused from one file to the next (`isolate: false`): the packages under
 * node_modules are loaded once per process instead of once per file, which was most of a file's
 * start-up. What a file could leak to the next is put back here:
 * - the project's own modules are evaluated afresh for each file (module-level state, singletons,
 *   `vi.mock` of another file), as in an isolated process;
 * - process.env is restored after each file to what it was before it.
 * Leaks that remain possible (a listener on `process`, a server left open) are a bug of the file
 * that leaves them, in an isolated process too.
 */
import { afterAll, vi } from 'vitest';

vi.resetModules();

const envBefore = { ...process.env };
afterAll(() => {
  vi.unstubAllEnvs();
  for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
  Object.assign(process.env, envBefore);
});
