import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/config/env';
import { closeMailTransport, deliverMail } from './transport';
import { startTestSmtpServer, type TestSmtpServer } from './testing';

describe('mail delivery', () => {
  let smtp: TestSmtpServer;
  const saved = { SMTP_URL: process.env.SMTP_URL, DATA_DIR: process.env.DATA_DIR };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mail-test-'));

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    closeMailTransport();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvForTests();
  });

  it('sends through SMTP_URL, French text and headers intact', async () => {
    process.env.SMTP_URL = smtp.url;
    resetEnvForTests();
    await deliverMail({
      to: 'Lea@Example.org',
      subject: 'Vérifiez votre adresse e-mail',
      text: 'Bonjour,\nconfirmez : http://localhost:3000/verify-email?token=abc',
      html: '<p>Bonjour, <a href="http://localhost:3000/verify-email?token=abc">confirmez</a></p>',
      headers: { 'List-Unsubscribe': '<http://localhost:3000/desabonnement?t=1>' },
      id: 'verify:1',
    });
    const mail = await smtp.waitFor((m) => m.to.includes('lea@example.org'));
    expect(mail.subject).toBe('Vérifiez votre adresse e-mail');
    expect(mail.text).toContain('verify-email?token=abc');
    expect(mail.html).toContain('<a href=');
    expect(mail.raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/desabonnement\?t=1>/m);
    expect(mail.raw).toMatch(/^Message-ID: <verify\.1@/m);
  });

  it('without SMTP, writes the mail as an .eml file under DATA_DIR/mail', async () => {
    delete process.env.SMTP_URL;
    process.env.DATA_DIR = dataDir;
    resetEnvForTests();
    const delivery = await deliverMail({
      to: 'paul@example.org',
      subject: 'Réinitialisation du mot de passe',
      text: 'Lien : http://localhost:3000/password-reset/xyz',
    });
    expect(delivery.file).toBeDefined();
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toMatch(/^To: paul@example.org$/m);
    expect(eml).toContain('password-reset/xyz');
  });
});
