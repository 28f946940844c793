/**
 * deploy/haproxy.cfg, checked by HAProxy itself (`haproxy -c`) and run (Debian's haproxy, as
 * bench:cluster runs it) in front of a stand-in process: page requests go to the `site` backend,
 * the API and files to `fast` (so they never queue behind pages in HAProxy), and HAProxy's own
 * 503, when no process can take a request, carries Retry-After like the processes' own refusals.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localHaproxyConfig } from '../../scripts/haproxy-local';
import { freePort } from '../../scripts/site-process';
import { rawRequest } from './testing';

const HAPROXY = '/usr/sbin/haproxy';
const CONFIG = path.resolve('deploy/haproxy.cfg');

describe('deploy/haproxy.cfg', () => {
  it('is valid for HAProxy (haproxy -c)', () => {
    const check = spawnSync(HAPROXY, ['-c', '-f', CONFIG], { encoding: 'utf8' });
    expect(check.stderr + check.stdout).toContain('Configuration file is valid');
    expect(check.status).toBe(0);
  });

  describe('run in front of a process', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'haproxy-test-'));
    let haproxy: ChildProcess;
    let log = '';
    let base = '';
    let app1 = 0;
    let stand: http.Server | undefined;

    beforeAll(async () => {
      const [lb, p1, p2] = [await freePort(), await freePort(), await freePort()];
      app1 = p1;
      const cfg = localHaproxyConfig(readFileSync(CONFIG, 'utf8'), {
        port: lb,
        servers: [p1, p2],
        dir: work,
      });
      writeFileSync(path.join(work, 'haproxy.cfg'), cfg);
      haproxy = spawn(HAPROXY, ['-db', '-f', path.join(work, 'haproxy.cfg')], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      haproxy.stderr!.on('data', (d) => (log += d));
      base = `http://127.0.0.1:${lb}`;
      for (let i = 0; i < 100; i++) {
        const up = await rawRequest(`${base}/haproxy-health`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (up) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    afterAll(async () => {
      haproxy?.kill('SIGTERM');
      await new Promise<void>((r) => (stand ? stand.close(() => r()) : r()));
      rmSync(work, { recursive: true, force: true });
    });

    it('answers 503 with Retry-After when no process can take the request: a French page, or JSON for the API', async () => {
      const page = await rawRequest(`${base}/entreprises/552032534/danone`);
      expect(page.status).toBe(503);
      expect(page.headers['retry-after']).toBe('2');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body.toString()).toContain('Site très sollicité');
      const api = await rawRequest(`${base}/api/companies/552032534`);
      expect(api.status).toBe(503);
      expect(api.headers['retry-after']).toBe('2');
      expect(JSON.parse(api.body.toString())).toMatchObject({
        error: { code: 'SERVICE_UNAVAILABLE' },
      });
    });

    it('sends pages to the `site` backend, the API and files to `fast`', async () => {
      stand = http.createServer((req, res) => res.end(`vu ${req.url}`));
      await new Promise<void>((r) => stand!.listen(app1, '127.0.0.1', () => r()));
      // The checks (every second while down, two to rise) bring the process back.
      await expect
        .poll(() => rawRequest(`${base}/readyz`).then((r) => r.status), { timeout: 20_000 })
        .toBe(200);
      for (const url of [
        '/entreprises/552032534/danone',
        '/api/companies/552032534',
        '/api/recherche-entreprises/search?q=danone',
        '/_next/static/chunks/main.js',
        '/icon.svg',
      ])
        expect((await rawRequest(base + url)).body.toString()).toBe(`vu ${url}`);
      // HAProxy's log: `… frontend backend/server … "GET <url> HTTP/1.1"`.
      await expect.poll(() => log.includes('/icon.svg')).toBe(true);
      const backendOf = (url: string) =>
        new RegExp(`site (\\w+)/app1 .*"GET ${url.replace(/[?.]/g, '\\$&')} `).exec(log)?.[1];
      expect(backendOf('/entreprises/552032534/danone')).toBe('site');
      expect(backendOf('/api/companies/552032534')).toBe('fast');
      expect(backendOf('/api/recherche-entreprises/search?q=danone')).toBe('fast');
      expect(backendOf('/_next/static/chunks/main.js')).toBe('fast');
      expect(backendOf('/icon.svg')).toBe('fast');
    });
  });
});
