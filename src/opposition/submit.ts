/**
 * Receiving an opposition request: checked against the rules (src/domain/opposition.ts), stored
 * as `pending_confirmation`, and a confirmation link mailed to the requester. Nothing is hidden
 * here: only the link's confirmation (confirm.ts) can apply it.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/db/client';
import {
  classifyUnit,
  hasEmployees,
  mayBeSeveralPersons,
  type ReviewReason,
} from '@/domain/opposition';
import { parseSiren } from '@/domain/siren';
import { interpolate } from '@/i18n/interpolate';
import m from '@/i18n/fr/opposition';
import { failure, success, type Result } from '@/lib/errors';
import { logFailure } from '@/lib/log';
import { personKeyOf } from '@/registry/directors';
import { siteUrl } from '@/web/site';
import { issueLinkToken } from './link';
import { sendOppositionMail } from './mail';
import { recordEvent, rows } from './store';

export const oppositionInput = z.object({
  kind: z.enum(['company', 'person'], { message: m.fields.kind }),
  siren: z.string().trim().max(20, m.fields.siren).optional(),
  personKey: z.string().trim().max(200, m.fields.tooLong).optional(),
  /** A director's id (from a profile link): its person key is looked up, not trusted from the form. */
  directorId: z.string().trim().max(200, m.fields.tooLong).optional(),
  /** Or the person's identity as typed: last name, first name, birth month ("1990-02"). */
  lastName: z.string().trim().max(100, m.fields.tooLong).optional(),
  firstName: z.string().trim().max(100, m.fields.tooLong).optional(),
  birthMonth: z
    .string()
    .trim()
    .regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, m.fields.birthMonth)
    .optional(),
  email: z.string().trim().toLowerCase().max(200, m.fields.email).email(m.fields.email),
  reason: z.string().trim().max(2000, m.fields.tooLong).optional(),
  /** Honeypot: a field people never see; a filled one marks a robot. */
  website: z.string().max(0, m.fields.refused).optional(),
});
export type OppositionInput = z.infer<typeof oppositionInput>;

export type Submitted = { id: number; status: 'pending_confirmation' };

const invalid = (field: string, message: string) =>
  failure('VALIDATION_FAILED', message, { fields: { [field]: [message] } });

type Target = {
  kind: 'company' | 'person';
  siren: string | null;
  personKey: string | null;
  label: string;
  reviewReasons: ReviewReason[];
};

async function companyTarget(db: Db, input: OppositionInput): Promise<Result<Target>> {
  if (!input.siren) return invalid('siren', m.fields.sirenMissing);
  const siren = parseSiren(input.siren);
  if (!siren) return invalid('siren', m.fields.siren);
  const [unit] = await rows<{
    isNaturalPerson: boolean;
    legalFormCode: string | null;
    employer: boolean | null;
    headcountBand: string | null;
  }>(
    db,
    sql`SELECT is_natural_person AS "isNaturalPerson", legal_form_code AS "legalFormCode",
               employer, headcount_band AS "headcountBand"
        FROM companies WHERE siren = ${siren}`,
  );
  if (!unit) return invalid('siren', m.fields.unknownCompany);
  const cls = classifyUnit(unit);
  if (cls === 'legal_person') return failure('OPPOSITION_NOT_ALLOWED', m.notAllowed);
  const reviewReasons: ReviewReason[] = [];
  if (cls === 'single_member') reviewReasons.push('single_member_company');
  if (hasEmployees(unit)) reviewReasons.push('employees');
  return success({
    kind: 'company',
    siren,
    personKey: null,
    label: interpolate(m.mail.targetCompany, { siren }),
    reviewReasons,
  });
}

async function personTarget(db: Db, input: OppositionInput): Promise<Result<Target>> {
  let personKey = input.personKey || null;
  if (input.directorId) {
    const [row] = await rows<{ person_key: string | null }>(
      db,
      sql`SELECT person_key FROM directors WHERE id = ${input.directorId} AND kind = 'person'`,
    );
    personKey = row?.person_key ?? null;
  } else if (!personKey && input.lastName && input.firstName && input.birthMonth) {
    const [year, month] = input.birthMonth.split('-').map(Number);
    personKey = personKeyOf(input.lastName, input.firstName, year!, month!);
  }
  if (!personKey) return invalid('identity', m.fields.identity);
  // One key may group several people (homonyms born the same month, or anyone of that name when
  // the birth month is unknown): an operator decides.
  const seen = await rows<{ firstNames: string | null; lastName: string | null }>(
    db,
    sql`SELECT DISTINCT first_names AS "firstNames", last_name AS "lastName"
        FROM directors WHERE person_key = ${personKey} AND kind = 'person' LIMIT 50`,
  );
  const reviewReasons: ReviewReason[] = [];
  if (
    mayBeSeveralPersons(
      personKey,
      seen.map((r) => r.firstNames ?? ''),
    )
  )
    reviewReasons.push('several_persons');
  const first = seen[0];
  const name =
    (first && [first.firstNames, first.lastName].filter(Boolean).join(' ')) ||
    [input.firstName, input.lastName].filter(Boolean).join(' ') ||
    personKey.split('|').slice(0, 2).reverse().join(' ');
  return success({
    kind: 'person',
    siren: null,
    personKey,
    label: interpolate(m.mail.targetPerson, { person: name }),
    reviewReasons,
  });
}

/** Stores a request awaiting its confirmation and mails the link; hides nothing. */
export async function submitOpposition(
  db: Db,
  raw: unknown,
  options: { now?: Date } = {},
): Promise<Result<Submitted>> {
  const parsed = oppositionInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'form');
    return invalid(field, issue?.message ?? m.fields.refused);
  }
  const input = parsed.data;
  const target =
    input.kind === 'company' ? await companyTarget(db, input) : await personTarget(db, input);
  if (!target.ok) return target;
  const t = target.value;
  const now = options.now ?? new Date();

  const { id, token } = await db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO opposition_cases (kind, siren, person_key, email, reason, review_reasons, expires_at, created_at)
          VALUES (${t.kind}, ${t.siren}, ${t.personKey}, ${input.email}, ${input.reason || null},
                  ${`{${t.reviewReasons.join(',')}}`}::text[], ${now.toISOString()}, ${now.toISOString()})
          RETURNING id`,
    );
    const link = issueLinkToken(row!.id, now.getTime());
    await tx.execute(
      sql`UPDATE opposition_cases SET token_hash = ${link.nonceHash},
            expires_at = ${link.expiresAt.toISOString()} WHERE id = ${row!.id}`,
    );
    await recordEvent(
      tx,
      row!.id,
      'requester',
      'created',
      t.reviewReasons.length ? `à examiner : ${t.reviewReasons.join(', ')}` : null,
    );
    return { id: row!.id, token: link.token };
  });

  const url = `${siteUrl()}/opposition/confirmer?jeton=${encodeURIComponent(token)}`;
  try {
    await sendOppositionMail(db, {
      to: input.email,
      subject: m.mail.subject,
      text: [
        m.mail.greeting,
        '',
        interpolate(m.mail.body, { target: t.label }),
        '',
        m.mail.action,
        url,
        '',
        m.mail.ignore,
      ].join('\n'),
      id: `opposition-confirm-${id}`,
    });
  } catch (e) {
    logFailure('opposition: confirmation mail failed', e);
    return failure('SERVICE_UNAVAILABLE', m.unavailable, { retryAfterSeconds: 60 });
  }
  return success({ id, status: 'pending_confirmation' });
}
