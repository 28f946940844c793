/**
 * Keeps one child process running for the supervisor (scripts/start.ts): a web server that dies
 * unasked (out of memory, a crash, `kill -9`) is started again, after a pause that doubles at
 * each death in a row (1 s, 2 s, 4 s… 30 s at most) and falls back to the first once a process
 * has lived `stableMs`. Each death and restart is one line of the log; the new process is told
 * how many restarts came before it (`SERVER_RESTARTS`), which its metrics expose
 * (`server_restarts_total`, src/server/metrics.ts).
 *
 * Before (issue 36): under `npm start` the death of the one web process ended the supervisor,
 * and with it the site, until someone started it again.
 */
import type { ChildProcess } from 'node:child_process';

export type SuperviseOptions = {
  /** How the log names the process (« processus web 1 »). */
  name: string;
  /** Starts the process; `restarts` is how many unasked deaths came before. */
  start: (restarts: number) => ChildProcess;
  log: (line: string) => void;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A process that lived this long was healthy: the next pause starts again from the first. */
  stableMs?: number;
};

export type Supervised = {
  /** The running process, or null between a death and its restart. */
  current: () => ChildProcess | null;
  /** Unasked deaths followed by a restart, since the supervisor started. */
  restarts: () => number;
  /** A planned restart (SIGHUP's rolling restart): stopped gracefully, started at once, not counted. */
  restart: () => Promise<void>;
  /** Stops the process for good (SIGTERM) and waits for it. */
  stop: () => Promise<void>;
};

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));

export function supervise(o: SuperviseOptions): Supervised {
  const initial = o.initialDelayMs ?? 1000;
  const max = o.maxDelayMs ?? 30_000;
  const stable = o.stableMs ?? 60_000;
  let child: ChildProcess | null = null;
  let restarts = 0;
  let inARow = 0;
  let stopping = false;
  let planned = false;
  let timer: NodeJS.Timeout | null = null;

  const launch = () => {
    timer = null;
    const started = Date.now();
    const c = o.start(restarts);
    child = c;
    c.on('exit', (code, signal) => {
      if (child === c) child = null;
      if (stopping || planned) return;
      inARow = Date.now() - started >= stable ? 1 : inARow + 1;
      const delay = Math.min(max, initial * 2 ** (inARow - 1));
      restarts++;
      o.log(
        `${o.name} arrêté (${signal ?? `code ${code}`}) : redémarrage n° ${restarts} dans ${(delay / 1000).toLocaleString('fr-FR')} s`,
      );
      timer = setTimeout(launch, delay);
    });
  };
  launch();

  return {
    current: () => child,
    restarts: () => restarts,
    async restart() {
      const old = child;
      planned = true;
      if (old) {
        old.kill('SIGTERM');
        await exited(old);
      }
      planned = false;
      if (timer) clearTimeout(timer);
      if (!stopping) launch();
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      const c = child;
      if (c) {
        c.kill('SIGTERM');
        await exited(c);
      }
    },
  };
}
