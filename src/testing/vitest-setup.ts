/**
 * Runs before every test file (vitest.config.ts `setupFiles`).
 *
 * The test processes are reused from one file to the next (`isolate: false`): the packages under
 * node_modules are loaded once per process instead of once per file, which was most of a file's
 * start-up. What a file could leak to the next is put back here:
 * - the project's own modules are evaluated afresh for each file (module-level state, singletons,
 *   `vi.mock` of another file), as in an isolated process;
 * - the per-process state the project keeps on `globalThis` (`__loginFailures`, `__dbHandle`,
 *   `Symbol.for('registre.…')`: shared there by the copies Next.js bundles of one module) is
 *   dropped after each file (`DEBUG_TEST_GLOBALS=1` prints each one dropped). Packages keep
 *   theirs (zod's registry, Next's async storages, tslib's helpers): they are loaded once per
 *   process and would not set them again. A project global must not hold a function, or it is
 *   taken for one of tslib's helpers and kept;
 * - process.env is restored after each file to what it was before it.
 * Leaks that remain possible (a listener on `process`, a server left open) are a bug of the file
 * that leaves them, in an isolated process too.
 */
import { afterAll, vi } from 'vitest';

vi.resetModules();

/**
 * Globals that packages set once per process under names like the project's: zod's registry,
 * Vitest's and Next's own, and tslib's helpers (`__awaiter`…, the only functions among them).
 */
const packageGlobal = (key: string) =>
  /^__(zod|vitest|next)/i.test(key) ||
  typeof (globalThis as Record<string, unknown>)[key] === 'function';

const envBefore = { ...process.env };
const globalsBefore = new Set<PropertyKey>(Reflect.ownKeys(globalThis));
afterAll(() => {
  vi.unstubAllEnvs();
  for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
  Object.assign(process.env, envBefore);
  for (const key of Reflect.ownKeys(globalThis)) {
    if (globalsBefore.has(key)) continue;
    const projectState =
      typeof key === 'string'
        ? key.startsWith('__') && !packageGlobal(key)
        : Symbol.keyFor(key)?.startsWith('registre.') === true;
    if (projectState) {
      if (process.env.DEBUG_TEST_GLOBALS) console.log('DROPPED-GLOBAL', String(key));
      delete (globalThis as Record<PropertyKey, unknown>)[key];
    }
  }
});
