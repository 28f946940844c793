/**
 * « Signaler une erreur » (README beside): a report is validated against the fixed fields of its
 * section, stored, and either queued for our operators (the error is in our processing) or
 * recorded as `redirected` (the visitor is told which administration corrects it and how). An
 * operator closes an open report as resolved or rejected with a reply, mailed to the reporter
 * through the job queue when they left an address.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { siteOrigin } from '@/config/env';
import { queryRows, type Db } from '@/db/client';
import { errorReports } from '@/db/schema/error-reports';
import {
  HOLDERS,
  REPORT_MESSAGE_MAX,
  REPORT_ORIGINS,
  REPORT_SECTIONS,
  isReportSection,
  reachesOperators,
  reportField,
  type DataHolder,
  type HolderGuidance,
  type ReportDecision,
  type ReportState,
} from '@/domain/error-reports';
import { parseSiren } from '@/domain/siren';
import { failure, success, type Result } from '@/lib/errors';
import { queueMail } from '@/mail/queue';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The submitted fields (JSON or form), as the route and the OpenAPI document read them. */
export const errorReportSchema = z.object({
  siren: z
    .string({ error: 'Indiquez le numéro SIREN de l’entreprise.' })
    .trim()
    .max(20, 'Numéro SIREN invalide (9 chiffres).'),
  section: z
    .string({ error: 'Indiquez la section de la page concernée.' })
    .max(40, 'Section inconnue.'),
  field: z.string({ error: 'Choisissez l’information erronée.' }).max(60, 'Information inconnue.'),
  origin: z.enum(REPORT_ORIGINS, {
    error: 'Dites si l’erreur vient de ce site ou du registre.',
  }),
  message: z
    .string({ error: 'Décrivez l’erreur.' })
    .trim()
    .min(5, 'Décrivez l’erreur (5 caractères au moins).')
    .max(REPORT_MESSAGE_MAX, 'Votre message dépasse 2 000 caractères.'),
  email: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(200, '200 caractères au plus.')
      .pipe(z.email('Adresse électronique invalide.'))
      .optional(),
  ),
  captcha: z.string().optional(),
});

export type SubmittedReport = {
  id: number;
  status: ReportState;
  holder: DataHolder;
  guidance: HolderGuidance;
};

const invalid = (field: string, message: string) =>
  failure('VALIDATION_FAILED', message, { fields: { [field]: [message] } });

/** Validates and stores one report; what to tell the visitor on success. */
export async function submitErrorReport(db: Db, raw: unknown): Promise<Result<SubmittedReport>> {
  const parsed = errorReportSchema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (fields[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
    return failure('VALIDATION_FAILED', Object.values(fields)[0]![0], { fields });
  }
  const r = parsed.data;
  const digits = r.siren.replace(/[\s.]/g, '');
  const siren = /^\d{9}$/.test(digits) ? parseSiren(digits) : null;
  if (!siren) return invalid('siren', 'Numéro SIREN invalide (9 chiffres).');
  if (!isReportSection(r.section)) return invalid('section', `Section inconnue : ${r.section}.`);
  const field = reportField(r.section, r.field);
  if (!field)
    return invalid(
      'field',
      `Information inconnue pour la section « ${REPORT_SECTIONS[r.section].title} » : choisissez-la dans la liste.`,
    );
  const known = await queryRows<{ siren: string }>(
    db,
    sql`SELECT siren FROM companies WHERE siren = ${siren} LIMIT 1`,
  );
  if (!known.length) return failure('NOT_FOUND', `Aucune entreprise ${siren} dans notre base.`);

  const status: ReportState = reachesOperators(field.holder, r.origin) ? 'open' : 'redirected';
  const [row] = await db
    .insert(errorReports)
    .values({
      siren,
      section: r.section,
      field: r.field,
      holder: field.holder,
      origin: field.holder === 'site' ? 'site' : r.origin,
      message: r.message,
      email: r.email?.toLowerCase() ?? null,
      status,
    })
    .returning();
  return success({
    id: row!.id,
    status,
    holder: field.holder,
    guidance: HOLDERS[status === 'open' ? 'site' : field.holder],
  });
}

export type ErrorReport = typeof errorReports.$inferSelect;

export async function listErrorReports(
  db: Db,
  opts: { status?: ReportState; limit?: number } = {},
): Promise<ErrorReport[]> {
  return db
    .select()
    .from(errorReports)
    .where(eq(errorReports.status, opts.status ?? 'open'))
    .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
    .limit(Math.min(1000, Math.max(1, opts.limit ?? 50)));
}

export async function readErrorReport(db: Db, id: number): Promise<ErrorReport | null> {
  const [row] = await db.select().from(errorReports).where(eq(errorReports.id, id));
  return row ?? null;
}

/**
 * Closes an open report with the operator's reply and mails the outcome to the reporter (when
 * they left an address). A report already decided, or not open, is refused.
 */
export async function decideErrorReport(
  db: Db,
  id: number,
  decision: ReportDecision,
  actor: string,
  reply: string,
): Promise<Result<ErrorReport>> {
  const text = reply.trim();
  if (!text)
    return failure('VALIDATION_FAILED', 'Écrivez la réponse envoyée au déclarant (--reponse).');
  if (text.length > REPORT_MESSAGE_MAX)
    return failure('VALIDATION_FAILED', 'La réponse dépasse 2 000 caractères.');
  const [row] = await db
    .update(errorReports)
    .set({ status: decision, reply: text, decidedBy: actor, decidedAt: sql`now()` })
    .where(and(eq(errorReports.id, id), eq(errorReports.status, 'open')))
    .returning();
  if (!row) {
    const existing = await readErrorReport(db, id);
    return existing
      ? failure(
          'CONFLICT',
          `Le signalement n° ${id} n’est pas en attente (état : ${existing.status}).`,
        )
      : failure('NOT_FOUND', `Aucun signalement n° ${id}.`);
  }
  if (row.email) {
    const section = isReportSection(row.section) ? REPORT_SECTIONS[row.section] : null;
    const fieldLabel = section
      ? (reportField(row.section as never, row.field)?.label ?? row.field)
      : row.field;
    const page = `${siteOrigin()}/entreprises/${row.siren}`;
    await queueMail(db, {
      id: `error-report-${row.id}-${decision}`,
      to: row.email,
      subject:
        decision === 'resolved'
          ? `Votre signalement n° ${row.id} : erreur corrigée`
          : `Votre signalement n° ${row.id} : réponse de notre équipe`,
      text: [
        'Bonjour,',
        '',
        `Vous nous avez signalé une erreur sur l’entreprise ${row.siren} (${section?.title ?? row.section}, ${fieldLabel}).`,
        decision === 'resolved'
          ? 'Notre équipe a corrigé l’erreur.'
          : 'Notre équipe a examiné votre signalement et n’a pas modifié la donnée.',
        '',
        text,
        '',
        `La page de l’entreprise : ${page}`,
        '',
        'Merci pour votre aide.',
      ].join('\n'),
    });
  }
  return success(row);
}
