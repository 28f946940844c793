import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db } from '@/db/client';
import { parseSiren } from '@/domain/siren';
import { invalidateCompany } from './cache';
import { personKeyOf } from './directors';

/**
 * Opposition requests (a person asks to have their data hidden). A request is honoured from the
 * moment it is received, while it is reviewed: hiding too much for a few days is the safe side of
 * the GDPR (art. 18, restriction of processing). Only a request marked 'rejected' stops counting.
 */
export const HONOURED = sql`status <> 'rejected'`;

export async function isCompanyOpposed(db: Db, siren: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM opposition_requests WHERE siren = ${siren} AND person_key IS NULL AND ${HONOURED} LIMIT 1`,
  );
  return rows.length > 0;
}

export const oppositionInput = z.object({
  kind: z.enum(['company', 'person']),
  siren: z.string().trim().max(20).optional(),
  personKey: z.string().trim().max(200).optional(),
  /** A director's id (from a profile link): its person key is looked up, not trusted from the form. */
  directorId: z.string().trim().max(200).optional(),
  /** Or the person's identity as typed: last name, first name, birth month ("1990-02"). */
  lastName: z.string().trim().max(100).optional(),
  firstName: z.string().trim().max(100).optional(),
  birthMonth: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2})?$/, 'Mois de naissance invalide.')
    .optional(),
  email: z.string().trim().toLowerCase().max(200).email('Adresse électronique invalide.'),
  reason: z.string().trim().max(2000).optional(),
  /** Honeypot: a field people never see; a filled one marks a robot. */
  website: z.string().max(0, 'Demande refusée.').optional(),
});
export type OppositionInput = z.infer<typeof oppositionInput>;

export type OppositionResult =
  | {
      ok: true;
      id: number;
      /** The companies whose pages and search rows show what the request hides. */
      affectedSirens: string[];
    }
  | { ok: false; code: 'INVALID_INPUT'; message: string };

/** Stores a request and drops the cached pages it touches, so it is honoured at once. */
export async function createOppositionRequest(db: Db, raw: unknown): Promise<OppositionResult> {
  const parsed = oppositionInput.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      code: 'INVALID_INPUT',
      message: parsed.error.issues[0]?.message ?? 'Demande incomplète.',
    };
  }
  const input = parsed.data;
  const siren = input.siren ? parseSiren(input.siren) : null;
  if (input.siren && !siren) {
    return {
      ok: false,
      code: 'INVALID_INPUT',
      message: 'Le numéro SIREN doit comporter 9 chiffres.',
    };
  }
  if (input.kind === 'company' && !siren) {
    return { ok: false, code: 'INVALID_INPUT', message: 'Indiquez le numéro SIREN concerné.' };
  }
  let personKey = input.personKey || null;
  if (input.kind === 'person' && input.directorId) {
    const [row] = await queryRows<{ person_key: string | null }>(
      db,
      sql`SELECT person_key FROM directors WHERE id = ${input.directorId}`,
    );
    personKey = row?.person_key ?? null;
  }
  if (
    input.kind === 'person' &&
    !personKey &&
    input.lastName &&
    input.firstName &&
    input.birthMonth
  ) {
    const [year, month] = input.birthMonth.split('-').map(Number);
    personKey = personKeyOf(input.lastName, input.firstName, year!, month!);
  }
  if (input.kind === 'person' && !personKey) {
    return {
      ok: false,
      code: 'INVALID_INPUT',
      message:
        'Indiquez vos nom, prénom et mois de naissance, ou faites la demande depuis votre fiche de dirigeant.',
    };
  }
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO opposition_requests (siren, person_key, email, reason)
        VALUES (${siren ?? null}, ${input.kind === 'person' ? personKey : null},
                ${input.email}, ${input.reason || null})
        RETURNING id`,
  );
  // A person's data spans companies and director profiles: drop every cached page.
  invalidateCompany(null);
  const affected = new Set<string>(siren ? [siren] : []);
  if (input.kind === 'person' && personKey) {
    const rows = await queryRows<{ siren: string }>(
      db,
      sql`SELECT DISTINCT siren FROM directors WHERE person_key = ${personKey}`,
    );
    for (const r of rows) affected.add(r.siren);
  }
  return { ok: true, id: row!.id, affectedSirens: [...affected] };
}
