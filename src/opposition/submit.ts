/**
 * Receiving an opposition request: checked against the rules (src/domain/opposition.ts), stored
 * as `pending_confirmation` with the requester's identity proof (identity-proof.ts: the identity
 * document, encrypted), and a confirmation link mailed to the requester. Nothing is hidden here,
 * nor on confirmation: an operator checks the proof and decides (review.ts).
 *
 * The person concerned is named by what the site shows (a director's id from their profile, the
 * SIREN of a sole trader, or the name and birth month printed on the profile); the person key is
 * read from our data, never taken from the request.
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
import { siteOrigin } from '@/config/env';
import { storeIdentityDocument } from './identity-document';
import { identityProofProviders, type ProofSubmission } from './identity-proof';
import { issueLinkToken } from './link';
import { sendOppositionMail } from './mail';
import { recordEvent, rows } from './store';

export const oppositionInput = z.object({
  kind: z.enum(['company', 'person'], { message: m.fields.kind }),
  siren: z.string().trim().max(20, m.fields.siren).optional(),
  /** Refused when given: the person key is read from our data, never taken from the request. */
  personKey: z.unknown().optional(),
  /** A director's id (from a profile link): its person key is looked up, not trusted from the form. */
  directorId: z.string().trim().max(200, m.fields.tooLong).optional(),
  /** Or the person's identity as printed on their profile: last name, first names, birth month. */
  lastName: z.string().trim().max(100, m.fields.tooLong).optional(),
  firstNames: z.string().trim().max(200, m.fields.tooLong).optional(),
  /** "1990-02" (a month field) or "02/1990". */
  birthMonth: z
    .string()
    .trim()
    .regex(/^((\d{4})-(0[1-9]|1[0-2])|(0[1-9]|1[0-2])\/(\d{4}))?$/, m.fields.birthMonth)
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
  const reviewReasons: ReviewReason[] = ['identity_proof'];
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

/** Year and month of "1990-02" or "02/1990". */
function yearMonth(value: string): [number, number] {
  const iso = /^(\d{4})-(\d{2})$/.exec(value);
  if (iso) return [Number(iso[1]), Number(iso[2])];
  const [month, year] = value.split('/').map(Number);
  return [year!, month!];
}

/** The person key of the person named, read from our directors: never from the request. */
async function personKeyOfInput(db: Db, input: OppositionInput): Promise<Result<string>> {
  if (input.directorId) {
    const [row] = await rows<{ person_key: string | null }>(
      db,
      sql`SELECT person_key FROM directors WHERE id = ${input.directorId} AND kind = 'person'`,
    );
    return row?.person_key
      ? success(row.person_key)
      : invalid('directorId', m.fields.unknownDirector);
  }
  if (!input.lastName && !input.firstNames && !input.birthMonth)
    return invalid('identity', m.fields.identity);
  if (!input.lastName) return invalid('lastName', m.fields.lastName);
  if (!input.firstNames) return invalid('firstNames', m.fields.firstNames);
  if (!input.birthMonth) return invalid('birthMonth', m.fields.birthMonth);
  const [year, month] = yearMonth(input.birthMonth);
  const key = personKeyOf(input.lastName, input.firstNames, year, month);
  const [row] = await rows<{ person_key: string }>(
    db,
    sql`SELECT person_key FROM directors WHERE person_key = ${key} AND kind = 'person' LIMIT 1`,
  );
  return row ? success(row.person_key) : invalid('identity', m.fields.unknownPerson);
}

async function personTarget(db: Db, input: OppositionInput): Promise<Result<Target>> {
  const found = await personKeyOfInput(db, input);
  if (!found.ok) return found;
  const personKey = found.value;
  // One key may group several people (homonyms born the same month, or anyone of that name when
  // the birth month is unknown): an operator decides.
  const seen = await rows<{ firstNames: string | null; lastName: string | null }>(
    db,
    sql`SELECT DISTINCT first_names AS "firstNames", last_name AS "lastName"
        FROM directors WHERE person_key = ${personKey} AND kind = 'person' LIMIT 50`,
  );
  const reviewReasons: ReviewReason[] = ['identity_proof'];
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
    [input.firstNames, input.lastName].filter(Boolean).join(' ') ||
    personKey.split('|').slice(0, 2).reverse().join(' ');
  return success({
    kind: 'person',
    siren: null,
    personKey,
    label: interpolate(m.mail.targetPerson, { person: name }),
    reviewReasons,
  });
}

/**
 * Stores a request awaiting its confirmation, with its identity proof, and mails the link; hides
 * nothing.
 */
export async function submitOpposition(
  db: Db,
  raw: unknown,
  submission: ProofSubmission,
  options: { now?: Date } = {},
): Promise<Result<Submitted>> {
  const parsed = oppositionInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'form');
    return invalid(field, issue?.message ?? m.fields.refused);
  }
  const input = parsed.data;
  if (input.personKey !== undefined && input.personKey !== '')
    return invalid('personKey', m.fields.personKey);
  const target =
    input.kind === 'company' ? await companyTarget(db, input) : await personTarget(db, input);
  if (!target.ok) return target;
  const t = target.value;
  const provider = identityProofProviders()[0]!;
  const proof = provider.proofFrom(submission);
  if (!proof.ok) return proof;
  const now = options.now ?? new Date();

  const { id, token } = await db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO opposition_cases (kind, siren, person_key, email, reason, review_reasons,
            proof_method, expires_at, created_at)
          VALUES (${t.kind}, ${t.siren}, ${t.personKey}, ${input.email}, ${input.reason || null},
                  ${`{${t.reviewReasons.join(',')}}`}::text[], ${proof.value.method},
                  ${now.toISOString()}, ${now.toISOString()})
          RETURNING id`,
    );
    if (proof.value.method === 'document')
      await storeIdentityDocument(tx, row!.id, proof.value.document);
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

  const url = `${siteOrigin()}/opposition/confirmer?jeton=${encodeURIComponent(token)}`;
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
