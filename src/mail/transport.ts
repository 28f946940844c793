/**
 * Outgoing mail: nodemailer over SMTP (`SMTP_URL`), or, with no SMTP configured, an .eml file per
 * mail under `DATA_DIR/mail` with its links logged, so that `npm start` works with nothing set up.
 *
 * This delivers at once. Code that acts for a request queues mails as jobs (src/jobs), whose
 * worker calls `deliverMail`; a failed delivery is then retried instead of lost.
 */
import { countEvent } from '@/lib/stats';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getEnv, refuseInProduction } from '@/config/env';
import { log } from '@/lib/log';

export type MailMessage = {
  to: string;
  subject: string;
  /** Plain-text body: every mail has one. */
  text: string;
  html?: string;
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>;
  /** Stable id of this mail (e.g. `alert:42:2026-11-24`): sent as Message-ID, names the .eml file. */
  id?: string;
};

export type Delivery = { messageId: string; file?: string };

const state = globalThis as unknown as { __mailTransport?: { url: string; t: Transporter } };

function smtpTransport(url: string): Transporter {
  if (state.__mailTransport?.url !== url) {
    state.__mailTransport?.t.close();
    // pool: one connection reused; a new connection per mail costs ~100 ms of greeting.
    state.__mailTransport = { url, t: nodemailer.createTransport(url + poolSuffix(url)) };
  }
  return state.__mailTransport.t;
}

function poolSuffix(url: string): string {
  return /[?&]pool=/.test(url) ? '' : `${url.includes('?') ? '&' : '?'}pool=true`;
}

/** Closes the pooled SMTP connection (end of a test, shutdown). */
export function closeMailTransport(): void {
  state.__mailTransport?.t.close();
  state.__mailTransport = undefined;
}

function messageIdOf(msg: MailMessage, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  const local = (msg.id ?? `${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`)
    .replace(/[^A-Za-z0-9._-]/g, '.')
    .slice(0, 120);
  return `<${local}@${domain}>`;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

function mailOptions(msg: MailMessage) {
  const env = getEnv();
  return {
    from: env.MAIL_FROM,
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    html: msg.html,
    headers: msg.headers,
    messageId: messageIdOf(msg, env.MAIL_FROM),
  };
}

export async function deliverMail(msg: MailMessage): Promise<Delivery> {
  try {
    const env = getEnv();
    let delivery: Delivery;
    if (!env.SMTP_URL) delivery = await writeMailFile(msg);
    else {
      const mail = mailOptions(msg);
      await smtpTransport(env.SMTP_URL).sendMail(mail);
      delivery = { messageId: mail.messageId };
    }
    countEvent('mails', { result: 'sent' });
    return delivery;
  } catch (e) {
    // A failure the queue retries: the metric counts attempts, not lost mails.
    countEvent('mails', { result: 'failed' });
    throw e;
  }
}

/**
 * No SMTP: the same RFC 822 message kept as a file under `DATA_DIR/mail`, its links logged (so
 * that `npm start` works with nothing set up). Never in production, where the file and the logged
 * links (password reset, opposition) would leak what only the recipient may see.
 */
export async function writeMailFile(msg: MailMessage): Promise<Delivery> {
  refuseInProduction('L’écriture des courriels dans des fichiers (sans SMTP_URL)');
  const env = getEnv();
  const mail = mailOptions(msg);
  const { messageId } = mail;
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true })
    .sendMail(mail);
  const dir = path.resolve(env.DATA_DIR, 'mail');
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(
    dir,
    `${stamp}-${messageId.slice(1, 40).replace(/[^A-Za-z0-9._-]/g, '_')}.eml`,
  );
  await writeFile(file, built.message as Buffer);
  log().info(
    { to: msg.to, subject: msg.subject, file, links: msg.text.match(LINK) ?? [] },
    `mail (sans SMTP) écrit dans ${file}`,
  );
  return { messageId, file };
}
