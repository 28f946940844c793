/**
 * The one mail set-up of the tests that send mail through the site's own code: a real SMTP
 * server (`startTestSmtpServer`, src/mail/testing.ts) started before the file's tests and made
 * the site's `SMTP_URL`, with the other settings the file names (`undefined`: unset); after them,
 * the mail transport and the server closed and the settings put back. Call it at the top of the
 * file, after `siteDbForFile()` and before the file's own hooks (Vitest runs `afterAll` hooks in
 * reverse: the server closes before the database). The server it returns is usable once
 * `beforeAll` has run.
 */
import { afterAll, beforeAll } from 'vitest';
import { resetEnvForTests } from '@/config/env';
import { startTestSmtpServer, type TestSmtpServer } from '@/mail/testing';
import { closeMailTransport } from '@/mail/transport';

type Settings = Record<string, string | undefined>;

function setEnv(settings: Settings): void {
  for (const [k, v] of Object.entries(settings))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  resetEnvForTests();
}

export function smtpForFile(settings: Settings = {}): TestSmtpServer {
  let server: TestSmtpServer | undefined;
  let saved: Settings = {};
  beforeAll(async () => {
    server = await startTestSmtpServer();
    saved = Object.fromEntries(
      ['SMTP_URL', ...Object.keys(settings)].map((k) => [k, process.env[k]]),
    );
    setEnv({ ...settings, SMTP_URL: server.url });
  }, 120_000);
  afterAll(async () => {
    closeMailTransport();
    await server?.close();
    setEnv(saved);
  });
  const started = (): TestSmtpServer => {
    if (!server) throw new Error('serveur SMTP de test pas encore démarré (beforeAll)');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get received() {
      return started().received;
    },
    waitFor: (match, timeoutMs) => started().waitFor(match, timeoutMs),
    close: () => started().close(),
  };
}
