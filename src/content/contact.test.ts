/**
 * The contact form's service: a valid message is stored and mailed to support (through the job
 * queue, to a real SMTP server) with the sender as Reply-To; an invalid one gets field errors in
 * French and is neither stored nor mailed; old messages are purged after three years.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { runJobsUntilIdle } from '@/jobs/testing';
import { smtpForFile } from '@/testing/smtp';
import { purgeContactMessages, submitContactMessage } from './contact';

describe('contact messages', () => {
  const smtp = smtpForFile({ SUPPORT_EMAIL: 'support@example.org' });
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  const count = async () =>
    Number(
      (
        await queryRows<{ n: string }>(handle.db, sql`SELECT count(*) AS n FROM contact_messages`)
      )[0]!.n,
    );

  it('stores a valid message and mails it to support, replying to the sender', async () => {
    const r = await submitContactMessage(handle.db, {
      name: 'Camille Martin',
      email: 'camille@example.org',
      topic: 'document',
      siren: '552 032 534',
      message: 'Bonjour, où trouver les statuts de Danone ?',
      website: '',
    });
    expect(r.ok).toBe(true);
    const [row] = await queryRows<{ siren: string; topic: string; status: string }>(
      handle.db,
      sql`SELECT siren, topic, status FROM contact_messages`,
    );
    expect(row).toEqual({ siren: '552032534', topic: 'document', status: 'received' });
    await runJobsUntilIdle(handle.db);
    const mail = await smtp.waitFor((m) => m.to.includes('support@example.org'));
    expect(mail.subject).toContain('Camille Martin');
    expect(mail.text).toContain('où trouver les statuts de Danone');
    expect(mail.text).toContain('552032534');
    expect(String(mail.headers.get('reply-to') ? 'ok' : '')).toBe('ok');
    expect(mail.raw).toMatch(/Reply-To: camille@example\.org/i);
  });

  it('refuses an invalid message with French field errors, storing nothing', async () => {
    const before = await count();
    const r = await submitContactMessage(handle.db, {
      name: '',
      email: 'pas-une-adresse',
      topic: 'inconnu',
      siren: '123',
      message: 'court',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(r.fields ?? {}).sort()).toEqual(
      ['email', 'message', 'name', 'siren', 'topic'].sort(),
    );
    expect(r.fields?.email?.[0]).toBe('Adresse électronique invalide.');
    expect(await count()).toBe(before);
  });

  it('drops a message whose hidden honeypot field is filled', async () => {
    const before = await count();
    const r = await submitContactMessage(handle.db, {
      name: 'Robot',
      email: 'robot@example.org',
      topic: 'autre',
      message: 'Achetez nos produits miracles aujourd’hui.',
      website: 'https://spam.example',
    });
    expect(r.ok).toBe(false);
    expect(await count()).toBe(before);
  });

  it('purges messages older than three years, and only those', async () => {
    await queryRows(
      handle.db,
      sql`INSERT INTO contact_messages (name, email, topic, message, created_at)
        VALUES ('Ancien', 'a@example.org', 'autre', 'Un message ancien.', now() - interval '3 years 1 day')`,
    );
    const before = await count();
    expect(await purgeContactMessages(handle.db, new Date())).toBe(1);
    expect(await count()).toBe(before - 1);
  });
});
