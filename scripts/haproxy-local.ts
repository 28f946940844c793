/**
 * deploy/haproxy.cfg for a run on this machine (bench:cluster, src/server/haproxy.test.ts): the
 * front end on `port`, the two processes on `servers`, the runtime socket in `dir`, and every
 * request and change of state logged to stderr at `info` level (to be read after the run).
 */
import path from 'node:path';

export function localHaproxyConfig(
  text: string,
  o: { port: number; servers: [number, number]; dir: string },
): string {
  return text
    .replace('bind 127.0.0.1:8080', `bind 127.0.0.1:${o.port}`)
    .replaceAll('127.0.0.1:3001', `127.0.0.1:${o.servers[0]}`)
    .replaceAll('127.0.0.1:3002', `127.0.0.1:${o.servers[1]}`)
    .replace('/tmp/haproxy-registre.sock', path.join(o.dir, 'haproxy.sock'))
    .replace('log stdout format raw local0 warning', 'log stderr format raw local0 info');
}
