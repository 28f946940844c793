/**
 * Why the site never holds PGlite in its own process: PGlite executes queries synchronously in
 * WebAssembly, so the process holding it stops handling requests while a query runs.
 *
 * This benchmark runs the same heavy query (a) on PGlite inside this process and (b) through the
 * embedded server (src/db/embedded-server.ts) that `npm start` uses, running in a child process,
 * and prints the event-loop delay of this process during each, measured with perf_hooks.
 *
 *   npx tsx bench/pglite-event-loop.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { openPglite } from '../src/db/pglite';

const heavy = `SELECT count(*) AS n, sum(length(md5(i::text))) AS s FROM generate_series(1, 1500000) AS i`;

async function measure(label: string, work: () => Promise<unknown>) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  // A timer that should fire every 10 ms stands for a request handler waiting for its turn; the
  // longest gap between two firings is how long a request would have been frozen.
  let ticks = 0;
  let last = performance.now();
  let longestGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    ticks++;
  }, 10);
  h.enable();
  const t0 = performance.now();
  await work();
  const end = performance.now();
  longestGap = Math.max(longestGap, end - last);
  const ms = end - t0;
  h.disable();
  clearInterval(timer);
  const expected = Math.floor(ms / 10);
  console.log(
    `${label.padEnd(44)} requête ${ms.toFixed(0).padStart(5)} ms | plus long gel ${longestGap
      .toFixed(0)
      .padStart(
        5,
      )} ms | p99 du délai ${(h.percentile(99) / 1e6).toFixed(0).padStart(3)} ms | minuteries servies ${ticks}/${expected}`,
  );
}

if (process.argv[2] === '--child') {
  const { startEmbeddedServer } = await import('../src/db/embedded-server');
  const server = await startEmbeddedServer(undefined);
  process.send?.(server.url);
} else {
  console.log(
    `Machine : ${os.cpus().length} cœurs, ${os.cpus()[0]?.model}, Node ${process.version}`,
  );
  const inProcess = await openPglite();
  await measure('PGlite dans le processus du site', () => inProcess.query(heavy));
  await inProcess.close();

  const child = fork(new URL(import.meta.url).pathname, ['--child'], {
    execArgv: ['--import', 'tsx'],
  });
  const url = await new Promise<string>((resolve) =>
    child.once('message', (m) => resolve(String(m))),
  );
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await pool.query('SELECT 1');
  await measure('PGlite servi par le superviseur (npm start)', () => pool.query(heavy));
  await pool.end();
  child.kill();
}
