/**
 * `npm test`: format, lint and type checks, the unused-code check (knip), then unit and
 * integration tests (Vitest, on PGlite or on the PostgreSQL of DATABASE_URL), then the
 * end-to-end suite in a real Chromium.
 * Ends with one line `Tests: N passed, N failed` summing both Vitest runs.
 *
 * Two chains run side by side: the content check, tsc, then the site's build if stale (its lines
 * prefixed `build │`); and prettier, eslint, knip, then Vitest. The end-to-end suite (start the
 * site, the suite in Chromium) runs after both, alone: beside Vitest's two workers on two cores, its
 * pages took 4× longer (CI: 1,174 s against 292 s alone) and the render queue refused some of
 * them with 503, as it must under overload. `TEST_SEQUENTIAL=1` runs the steps one after the
 * other. The build waits for tsc because tsc reads the route types the build writes under
 * .next/types.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Step = { name: string; cmd: string[]; env?: Record<string, string> };

const tmp = mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
const unitReport = path.join(tmp, 'unit.json');
const e2eReport = path.join(tmp, 'e2e.json');
const node = process.execPath;
const bin = (p: string) => path.resolve('node_modules', p);

// The static checks keep their tools' own caches under node_modules/.cache (by content, not by
// date): the second run of CI, on PostgreSQL, checks only what changed since the first (nothing).
// tsc is incremental through tsconfig.json.
const steps: Step[] = [
  {
    name: 'format (prettier)',
    cmd: [
      node,
      bin('prettier/bin/prettier.cjs'),
      '--check',
      '--cache',
      '--cache-strategy',
      'content',
      '--log-level',
      'warn',
      '.',
    ],
  },
  {
    name: 'lint (eslint)',
    cmd: [
      node,
      bin('eslint/bin/eslint.js'),
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      'node_modules/.cache/eslint/',
      '--max-warnings',
      '0',
      '.',
    ],
  },
  // Validates and compiles content/ (a broken file fails with its path and field).
  { name: 'content (velite)', cmd: [node, bin('velite/bin/velite.js'), 'build', '--strict'] },
  { name: 'types (tsc)', cmd: [node, bin('typescript/bin/tsc'), '--noEmit'] },
  // Unused files, exports and dependencies fail the run (knip.jsonc).
  { name: 'unused code (knip)', cmd: [node, bin('knip/bin/knip.js'), '--no-progress', '--cache'] },
  // The site's build, unless current (the same check as `npm start`'s), with the suite's settings.
  {
    name: 'build (next)',
    cmd: [node, '--import', 'tsx', 'scripts/start.ts', '--build-only'],
    env: { APP_ENV: 'test', BUILD_TYPES_CHECKED: '1' },
  },
  {
    name: 'unit and integration (vitest)',
    cmd: [
      node,
      bin('vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${unitReport}`,
    ],
  },
  {
    name: 'end-to-end (chromium)',
    cmd: [
      node,
      '--import',
      'tsx',
      'e2e/run.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${e2eReport}`,
    ],
    // tsc has checked the types before this step, in either order of the steps: the site's build
    // skips Next's own check of the same files (next.config.ts).
    env: { BUILD_TYPES_CHECKED: '1' },
  },
];

/** Runs a step; with a prefix, its output goes line by line to stdout behind that prefix. */
function run(step: Step, prefix?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0]!, step.cmd.slice(1), {
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: {
        // Node keeps the compiled code of the modules it loads: the next process (every test
        // file gets a fresh one, and so does each CLI the tests start) skips V8's compiling.
        NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'registre-node-compile-cache'),
        ...process.env,
        ...step.env,
        NEXT_TELEMETRY_DISABLED: '1',
      },
    });
    if (prefix)
      for (const stream of [child.stdout!, child.stderr!])
        createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
    // 'close', not 'exit': the child's piped output has been read to its last line by then.
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function counts(file: string): { passed: number; failed: number } {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

const backend = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite embarqué';
console.log(`npm test — base : ${backend}`);
const failedSteps: string[] = [];
async function runStep(step: Step, prefix = ''): Promise<void> {
  const t0 = Date.now();
  console.log(`\n${prefix}=== ${step.name} ===`);
  const code = await run(step, prefix || undefined);
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(
    `${prefix}=== ${step.name} : ${code === 0 ? 'OK' : `ÉCHEC (code ${code})`} en ${secs} s ===`,
  );
  if (code !== 0) failedSteps.push(step.name);
}
async function runInOrder(list: Step[]): Promise<void> {
  for (const step of list) await runStep(step);
}

const step = (prefix: string) => steps.find((s) => s.name.startsWith(prefix))!;
const t0 = Date.now();
if (process.env.TEST_SEQUENTIAL === '1') {
  await runInOrder(steps);
} else {
  // Two chains on two cores: the content and type checks, then the build; beside them the
  // format, lint and unused-code checks, then Vitest. Then the browser suite alone.
  await Promise.all([
    runInOrder([step('content'), step('types')]).then(() => runStep(step('build'), 'build │ ')),
    runInOrder([step('format'), step('lint'), step('unused'), step('unit')]),
  ]);
  await runStep(step('end-to-end'));
}
console.log(`\nnpm test : ${((Date.now() - t0) / 1000).toFixed(1)} s en tout`);

const unit = counts(unitReport);
const e2e = counts(e2eReport);
const passed = unit.passed + e2e.passed;
// A step that failed without a failing test (lint, types, a crash) still counts as one failure.
const failed =
  unit.failed + e2e.failed + failedSteps.filter((s) => !/vitest|chromium/.test(s)).length;
console.log(`\nÉtapes en échec : ${failedSteps.length ? failedSteps.join(', ') : 'aucune'}`);
console.log(
  `Vitest : ${unit.passed} réussis, ${unit.failed} en échec ; e2e : ${e2e.passed} réussis, ${e2e.failed} en échec`,
);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
