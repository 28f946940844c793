import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { supervise, type Supervised } from './supervise';

/**
 * The supervisor's restart of a dead web process (scripts/start.ts runs each web server under
 * `supervise`): a real process serving HTTP, killed with SIGKILL as the kernel's OOM killer or a
 * heap overflow would end it, answers again from a new process, and the log says so.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A minimal web server: answers its pid and the restarts it was told of. */
const SERVER = `require('node:http').createServer((q, s) => s.end(JSON.stringify({ pid: process.pid, restarts: process.env.SERVER_RESTARTS }))).listen(Number(process.env.PORT), '127.0.0.1')`;

async function answer(port: number, untilMs = 15_000): Promise<{ pid: number; restarts: string }> {
  const until = Date.now() + untilMs;
  for (;;) {
    try {
      return (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as {
        pid: number;
        restarts: string;
      };
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

let supervised: Supervised | null = null;

/** The minimal web server on `port`, supervised with a 100 ms first pause; its log in `lines`. */
function superviseServer(name: string, port: number, lines: string[]): Supervised {
  return supervise({
    name,
    log: (l) => lines.push(l),
    initialDelayMs: 100,
    start: (restarts) =>
      spawn(process.execPath, ['-e', SERVER], {
        env: { ...process.env, PORT: String(port), SERVER_RESTARTS: String(restarts) },
        stdio: 'ignore',
      }),
  });
}
afterEach(async () => {
  await supervised?.stop();
  supervised = null;
});

describe('the supervisor', () => {
  it('starts a killed web process again, with a growing pause, and says so', async () => {
    const port = await freePort();
    const lines: string[] = [];
    supervised = superviseServer('processus web', port, lines);
    const first = await answer(port);
    expect(first.restarts).toBe('0');
    process.kill(first.pid, 'SIGKILL');
    const second = await answer(port);
    expect(second.pid).not.toBe(first.pid);
    expect(second.restarts).toBe('1');
    expect(lines).toEqual(['processus web arrêté (SIGKILL) : redémarrage n° 1 dans 0,1 s']);

    process.kill(second.pid, 'SIGKILL');
    const third = await answer(port);
    expect(third.restarts).toBe('2');
    // A second death in a row waits twice as long.
    expect(lines[1]).toBe('processus web arrêté (SIGKILL) : redémarrage n° 2 dans 0,2 s');
    expect(supervised.restarts()).toBe(2);
  });

  it('does not restart a process it stopped, nor count a planned restart', async () => {
    const port = await freePort();
    const lines: string[] = [];
    supervised = superviseServer('processus web 1', port, lines);
    const first = await answer(port);
    await supervised.restart();
    const second = await answer(port);
    expect(second.pid).not.toBe(first.pid);
    expect(supervised.restarts()).toBe(0);
    await supervised.stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(supervised.current()).toBeNull();
    expect(lines).toEqual([]);
  });
});
