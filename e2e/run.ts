/**
 * `npm run test:e2e`: builds the site if needed, starts it through the same supervisor as
 * `npm start` on a throw-away database, and runs e2e/*.e2e.ts in a real Chromium.
 * Without a browser: prints one line and exits 0, unless E2E_REQUIRED=1.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromePath } from './browser';
import { freePort, waitForServer } from '../scripts/site-process';
import { startTestSmtpServer } from '../src/mail/testing';

const extraArgs = process.argv.slice(2);

async function main(): Promise<number> {
  if (!chromePath()) {
    const why =
      'aucun Chromium trouvé (CHROME_PATH ou /usr/bin/chromium ; `apt-get install chromium`)';
    if (process.env.E2E_REQUIRED === '1') {
      console.error(`e2e : échec, ${why} alors que E2E_REQUIRED=1`);
      return 1;
    }
    console.log(`e2e : suite ignorée, ${why}`);
    return 0;
  }

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    APP_ENV: 'test',
    HOST: '127.0.0.1',
    // The browser's origin: links in mails and Better Auth's trusted origin come from SITE_URL
    // only (no request header chooses them).
    SITE_URL: `http://127.0.0.1:${port}`,
    // Every test runs from 127.0.0.1: the public API's per-address quota (7 a second) would refuse
    // the suite's own calls; the gate still answers with its RateLimit headers.
    API_ANONYMOUS_RATE: '1000',
    // Two test chains share two cores: a render can take seconds, and the suite's own pages must not
    // be refused by the render queue (e2e/overload.e2e.ts brings its own crowd past this budget).
    RENDER_BUDGET_MS: '3000',
  };
  const cleanups: Array<() => Promise<void> | void> = [];

  // The site's mail goes to a real SMTP server (smtp-server) run here. Test files read what it
  // received as JSON at E2E_MAIL_URL (e2e/smtp.ts); each mail is also kept as an .eml file under
  // DATA_DIR/mail, where the site writes its mails when it has no SMTP server.
  const smtp = await startTestSmtpServer();
  const mailDir = path.resolve(env.DATA_DIR ?? '.data', 'mail');
  mkdirSync(mailDir, { recursive: true });
  let kept = 0;
  const keep = setInterval(() => {
    for (; kept < smtp.received.length; kept++) {
      writeFileSync(path.join(mailDir, `smtp-${Date.now()}-${kept}.eml`), smtp.received[kept]!.raw);
    }
  }, 100);
  const mailApi = createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify(
        smtp.received.map(({ to, subject, text, raw }) => ({ to, subject, text, raw })),
      ),
    );
  });
  await new Promise<void>((resolve) => mailApi.listen(0, '127.0.0.1', resolve));
  env.SMTP_URL = smtp.url;
  env.E2E_MAIL_URL = `http://127.0.0.1:${(mailApi.address() as AddressInfo).port}/`;
  cleanups.push(async () => {
    clearInterval(keep);
    mailApi.close();
    await smtp.close();
  });

  // INPI's RNE API (filed accounts and deeds, the kinds a subscription counts in its quota) is
  // played by a local server holding Danone's filings, unless a real one is configured.
  if (!process.env.INPI_USERNAME) {
    const inpi = createServer(fakeInpi);
    await new Promise<void>((resolve) => inpi.listen(0, '127.0.0.1', resolve));
    env.INPI_API_URL = `http://127.0.0.1:${(inpi.address() as AddressInfo).port}/api`;
    env.INPI_USERNAME = 'e2e@exemple.fr';
    env.INPI_PASSWORD = 'e2e';
    cleanups.push(() => void inpi.close());
  }

  if (process.env.DATABASE_URL) {
    // A fresh database on the server, dropped afterwards.
    const name = `e2e_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-pglite-'));
    env.PGLITE_DIR = dir;
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  }

  const started = Date.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let serverLog = '';
  server.stdout.on('data', (d) => (serverLog += d));
  server.stderr.on('data', (d) => (serverLog += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  let code = 1;
  try {
    await waitForServer(`${baseUrl}/`, 15 * 60_000);
    console.log(
      `e2e : site prêt sur ${baseUrl} en ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const t0 = Date.now();
    code = await new Promise<number>((resolve) => {
      const vitest = spawn(
        process.execPath,
        ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.e2e.config.ts', ...extraArgs],
        { env: { ...env, E2E_BASE_URL: baseUrl }, stdio: 'inherit' },
      );
      vitest.on('exit', (c) => resolve(c ?? 1));
    });
    console.log(`e2e : suite exécutée en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } catch (e) {
    console.error(`e2e : ${(e as Error).message}\n--- journal du serveur ---\n${serverLog}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    for (const c of cleanups) await c();
  }
  if (code !== 0 && serverLog)
    console.error(`--- journal du serveur (fin) ---\n${serverLog.slice(-4000)}`);
  return code;
}

/** A tiny PDF, as INPI delivers the filed documents (the site passes them on unchanged). */
const FILED_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function fakeInpi(req: IncomingMessage, res: ServerResponse): void {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.url === '/api/sso/login' && req.method === 'POST') return json(200, { token: 'e2e' });
  if (req.headers.authorization !== 'Bearer e2e') return json(401, {});
  if (req.url === '/api/companies/552032534/attachments') {
    return json(200, {
      actes: [{ id: 'e2e-acte', dateDepot: '2024-05-02', confidentiality: 'Public' }],
      bilans: [
        {
          id: 'e2e-bilan',
          dateDepot: '2024-06-01',
          dateCloture: '2023-12-31',
          typeBilan: 'C',
          confidentiality: 'Public',
        },
      ],
    });
  }
  if (/^\/api\/companies\/\d{9}\/attachments$/.test(req.url ?? ''))
    return json(200, { actes: [], bilans: [] });
  if (req.url === '/api/bilans/e2e-bilan/download' || req.url === '/api/actes/e2e-acte/download') {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end(FILED_PDF);
    return;
  }
  json(404, {});
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error('e2e :', e);
    process.exit(1);
  },
);
