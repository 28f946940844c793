/**
 * Mails queued for a request are delivered by the job queue to the SMTP server, once each even
 * when the same mail is queued twice, and a delivery that fails is retried rather than lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/config/env';
import type { DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { runJobsUntilIdle } from '@/jobs/testing';
import { queueMail } from './queue';
import { startTestSmtpServer, type TestSmtpServer } from './testing';
import { closeMailTransport } from './transport';

describe('queued mail', () => {
  let smtp: TestSmtpServer;
  let handle: DbHandle;
  const saved = process.env.SMTP_URL;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    handle = await createTestDb();
  });
  afterAll(async () => {
    closeMailTransport();
    await smtp.close();
    await handle.close();
    if (saved === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved;
    resetEnvForTests();
  });

  it('delivers a queued mail once, even queued twice', async () => {
    process.env.SMTP_URL = smtp.url;
    resetEnvForTests();
    const msg = {
      to: 'suivi@example.org',
      subject: 'Alerte : Danone a publié une annonce',
      text: 'Voir https://registre.localhost/entreprises/552032534/danone',
      id: 'alert:1:2026-11-25',
    };
    await queueMail(handle.db, msg);
    await queueMail(handle.db, msg);
    expect(smtp.received.filter((m) => m.to.includes('suivi@example.org'))).toHaveLength(0);
    await runJobsUntilIdle(handle.db);
    await smtp.waitFor((m) => m.to.includes('suivi@example.org'));
    expect(smtp.received.filter((m) => m.to.includes('suivi@example.org'))).toHaveLength(1);
  });

  it('keeps a mail the SMTP server refused and sends it when the server is back', async () => {
    // Nothing listens on this port: the first attempt fails and the job waits for a retry.
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    resetEnvForTests();
    await queueMail(handle.db, { to: 'retry@example.org', subject: 'Essai', text: 'Bonjour' });
    await runJobsUntilIdle(handle.db, { includeDelayed: false, maxRounds: 1 });
    closeMailTransport();
    process.env.SMTP_URL = smtp.url;
    resetEnvForTests();
    await runJobsUntilIdle(handle.db);
    await smtp.waitFor((m) => m.to.includes('retry@example.org'));
  });
});
