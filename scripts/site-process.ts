/**
 * Helpers for the runners that start the site as a child process (e2e/run.ts, bench/pages.ts,
 * bench/first-load-js.ts): a free loopback port, and waiting until the site answers.
 */
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Resolves once `url` answers below 500; rejects after `timeoutMs`, or at once when `exited`
 * says the server process is gone.
 */
export async function waitForServer(
  url: string,
  timeoutMs: number,
  exited: () => boolean = () => false,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('le serveur s’est arrêté avant d’être prêt');
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`le site ne répond pas sur ${url} après ${timeoutMs / 1000} s`);
}
