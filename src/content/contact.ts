/**
 * The contact form: a message is validated, kept in `contact_messages` (the support team's
 * record, see the privacy policy for its retention) and mailed to support through the job
 * queue, with the sender as Reply-To. No copy is mailed to the sender: the form would otherwise
 * let anyone send our mail to any address.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { getEnv } from '@/config/env';
import { queryRows, type Db } from '@/db/client';
import { parseSiren } from '@/domain/siren';
import { failure, success, type Result } from '@/lib/errors';
import { queueMail } from '@/mail/queue';

import { CONTACT_TOPICS, type ContactTopic } from './contact-topics';

export { CONTACT_TOPICS };

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `${max} caractères au plus.`).optional(),
  );

export const contactSchema = z.object({
  name: z
    .string({ error: 'Indiquez votre nom.' })
    .trim()
    .min(2, 'Indiquez votre nom.')
    .max(100, '100 caractères au plus.'),
  email: z
    .string({ error: 'Indiquez votre adresse électronique.' })
    .trim()
    .max(200, '200 caractères au plus.')
    .pipe(z.email('Adresse électronique invalide.')),
  topic: z.enum(Object.keys(CONTACT_TOPICS) as [ContactTopic, ...ContactTopic[]], {
    error: 'Choisissez un sujet.',
  }),
  siren: optionalText(20).refine((v) => v === undefined || sirenOf(v) !== null, {
    message: 'Numéro SIREN invalide (9 chiffres).',
  }),
  orderReference: optionalText(50),
  message: z
    .string({ error: 'Écrivez votre message.' })
    .trim()
    .min(10, 'Votre message est trop court (10 caractères au moins).')
    .max(5000, '5 000 caractères au plus.'),
  /** Honeypot: hidden from people, filled by naive robots. */
  website: optionalText(500),
});

/** A SIREN typed with or without spaces: exactly 9 digits and a valid check key. */
function sirenOf(value: string): string | null {
  const digits = value.replace(/[\s.]/g, '');
  return /^\d{9}$/.test(digits) ? parseSiren(digits) : null;
}

/** Validates, stores and mails one message; the stored id on success. */
export async function submitContactMessage(db: Db, raw: unknown): Promise<Result<{ id: number }>> {
  const parsed = contactSchema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      (fields[key] ??= []).push(issue.message);
    }
    return failure('VALIDATION_FAILED', undefined, { fields });
  }
  const m = parsed.data;
  if (m.website) return failure('VALIDATION_FAILED', 'Message refusé.', { fields: {} });
  const siren = m.siren ? sirenOf(m.siren) : null;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO contact_messages (name, email, topic, siren, order_reference, message)
      VALUES (${m.name}, ${m.email}, ${m.topic}, ${siren}, ${m.orderReference ?? null}, ${m.message})
      RETURNING id`,
  );
  const id = Number(row!.id);
  const site = getEnv().SITE_URL.replace(/\/$/, '');
  await queueMail(db, {
    id: `contact:${id}`,
    to: getEnv().SUPPORT_EMAIL,
    subject: `[Contact n° ${id}] ${CONTACT_TOPICS[m.topic]} — ${m.name}`,
    headers: { 'Reply-To': m.email },
    text: [
      `Message n° ${id} reçu par le formulaire de contact.`,
      '',
      `Nom : ${m.name}`,
      `Adresse : ${m.email}`,
      `Sujet : ${CONTACT_TOPICS[m.topic]}`,
      ...(siren ? [`Entreprise : ${siren} (${site}/entreprises/${siren})`] : []),
      ...(m.orderReference ? [`Commande : ${m.orderReference}`] : []),
      '',
      m.message,
      '',
      'Répondre à ce courriel écrit directement à l’expéditeur.',
    ].join('\n'),
  });
  return success({ id });
}

/** How long a contact message is kept (privacy policy): three years. */
export const CONTACT_RETENTION_YEARS = 3;

/** Deletes the messages older than the retention period; how many were deleted. */
export async function purgeContactMessages(db: Db, now: Date): Promise<number> {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() - CONTACT_RETENTION_YEARS);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM contact_messages WHERE created_at < ${limit.toISOString()} RETURNING id`,
  );
  return rows.length;
}
