import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { companyClaims, companyOwnerInfo } from '@/db/schema/accounts';
import { companies } from '@/db/schema/registry';
import { failure, success, type Result } from '@/lib/errors';
import { parseOneSiren } from './follows';
import { inList } from '@/domain/sql-fragments';

/**
 * Company profile claims (spec section 2, /profil-entreprise). A user claims a company with a
 * role; the claim waits for its letter: `npm run letters:export` draws a code per pending claim,
 * keeps only its hash and writes the letters (PDF) for the mail house; the user types the code in
 * /mon-compte. One verified owner per company (a unique index); a dispute goes to the operators,
 * who can revoke a verified claim (`npm run ops -- claim-revoke <id>`). A claim can be withdrawn.
 */
export const MAX_CODE_ATTEMPTS = 5;
/** Each pending claim is a letter to come: a user waits for theirs before claiming many more. */
export const MAX_PENDING_CLAIMS_PER_USER = 3;
/** Claims waiting on one company, all users together (each is a letter to its head office). */
export const MAX_PENDING_CLAIMS_PER_COMPANY = 3;
export const ROLE_MAX = 80;

export type ClaimView = {
  id: number;
  siren: string;
  company_name: string | null;
  role: string;
  status: string;
  letter_sent: boolean;
  created_at: string;
  info: Record<string, string> | null;
  info_status: string | null;
};

const hashCode = (code: string) => createHash('sha256').update(`claim:${code}`).digest('hex');

export async function claimsOf(db: Db, userId: string): Promise<ClaimView[]> {
  const rows = await db
    .select({ c: companyClaims, name: companies.name, info: companyOwnerInfo })
    .from(companyClaims)
    .leftJoin(companies, eq(companies.siren, companyClaims.siren))
    .leftJoin(companyOwnerInfo, eq(companyOwnerInfo.claimId, companyClaims.id))
    .where(eq(companyClaims.userId, userId))
    .orderBy(asc(companyClaims.id));
  return rows.map((r) => ({
    id: r.c.id,
    siren: r.c.siren,
    company_name: r.name,
    role: r.c.role,
    status: r.c.status,
    letter_sent: r.c.letterExportedAt !== null,
    created_at: r.c.createdAt.toISOString(),
    info: r.info?.info ?? null,
    info_status: r.info?.status ?? null,
  }));
}

export async function createClaim(
  db: Db,
  userId: string,
  input: { siren: unknown; role: unknown },
): Promise<Result<ClaimView>> {
  const siren = parseOneSiren(input.siren);
  if (!siren.ok) return siren;
  const role = typeof input.role === 'string' ? input.role.trim() : '';
  if (!role || role.length > ROLE_MAX) {
    return failure('VALIDATION_FAILED', 'Indiquez votre fonction dans l’entreprise.', {
      fields: { role: ['Indiquez votre fonction dans l’entreprise (80 caractères au plus).'] },
    });
  }
  const [company] = await db
    .select({ siren: companies.siren })
    .from(companies)
    .where(eq(companies.siren, siren.value));
  if (!company) return failure('NOT_FOUND', 'Cette entreprise n’est pas dans le registre.');
  const open = await db
    .select()
    .from(companyClaims)
    .where(
      and(
        eq(companyClaims.siren, siren.value),
        inList(companyClaims.status, ['pending', 'verified']),
      ),
    );
  if (open.some((c) => c.status === 'verified')) {
    return failure(
      'CONFLICT',
      'Cette entreprise a déjà un propriétaire vérifié. En cas de litige, écrivez-nous depuis la page de contact.',
    );
  }
  const alreadyPending = () =>
    failure('CONFLICT', 'Vous avez déjà une demande en cours pour cette entreprise.');
  if (open.some((c) => c.userId === userId)) return alreadyPending();
  if (open.filter((c) => c.status === 'pending').length >= MAX_PENDING_CLAIMS_PER_COMPANY) {
    return failure(
      'CONFLICT',
      'Plusieurs demandes sont déjà en cours pour cette entreprise : attendez leur issue, ou écrivez-nous depuis la page de contact.',
    );
  }
  const [mine] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companyClaims)
    .where(and(eq(companyClaims.userId, userId), eq(companyClaims.status, 'pending')));
  if (Number(mine?.n ?? 0) >= MAX_PENDING_CLAIMS_PER_USER) {
    return failure(
      'CONFLICT',
      `Vous avez déjà ${MAX_PENDING_CLAIMS_PER_USER} demandes en attente de leur courrier : saisissez leurs codes ou retirez-en une avant d’en faire une autre.`,
    );
  }
  // The unique index (one pending claim per user and company) settles requests that race.
  const [row] = await db
    .insert(companyClaims)
    .values({ siren: siren.value, userId, role })
    .onConflictDoNothing()
    .returning();
  if (!row) return alreadyPending();
  const view = (await claimsOf(db, userId)).find((c) => c.id === row!.id)!;
  return success(view);
}

async function ownClaim(db: Db, userId: string, id: unknown) {
  const n = Number(String(id ?? ''));
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) return null;
  const [c] = await db
    .select()
    .from(companyClaims)
    .where(and(eq(companyClaims.id, n), eq(companyClaims.userId, userId)));
  return c ?? null;
}

const claimNotFound = () => failure('NOT_FOUND', 'Cette demande n’existe pas.');

export async function verifyClaim(
  db: Db,
  userId: string,
  id: unknown,
  code: unknown,
): Promise<Result<ClaimView>> {
  const claim = await ownClaim(db, userId, id);
  if (!claim) return claimNotFound();
  if (claim.status !== 'pending')
    return failure('CONFLICT', 'Cette demande n’attend plus de code.');
  if (!claim.codeHash)
    return failure(
      'CONFLICT',
      'Votre courrier n’est pas encore parti : patientez avant de saisir le code.',
    );
  if (claim.attempts >= MAX_CODE_ATTEMPTS) {
    return failure(
      'RATE_LIMITED',
      'Trop de codes erronés : contactez-nous pour recevoir un nouveau courrier.',
    );
  }
  const given = typeof code === 'string' ? code.replace(/\s/g, '').toUpperCase().slice(0, 20) : '';
  const a = Buffer.from(hashCode(given));
  const b = Buffer.from(claim.codeHash);
  if (!(a.length === b.length && timingSafeEqual(a, b))) {
    await db
      .update(companyClaims)
      .set({ attempts: sql`${companyClaims.attempts} + 1` })
      .where(eq(companyClaims.id, claim.id));
    return failure('VALIDATION_FAILED', 'Ce code ne correspond pas.', {
      fields: { code: ['Ce code ne correspond pas.'] },
    });
  }
  try {
    await db
      .update(companyClaims)
      .set({ status: 'verified', verifiedAt: new Date() })
      .where(eq(companyClaims.id, claim.id));
  } catch {
    return failure('CONFLICT', 'Cette entreprise a déjà un propriétaire vérifié.');
  }
  return success((await claimsOf(db, userId)).find((c) => c.id === claim.id)!);
}

export async function withdrawClaim(db: Db, userId: string, id: unknown): Promise<Result<null>> {
  const claim = await ownClaim(db, userId, id);
  if (!claim) return claimNotFound();
  await db.update(companyClaims).set({ status: 'withdrawn' }).where(eq(companyClaims.id, claim.id));
  await db.delete(companyOwnerInfo).where(eq(companyOwnerInfo.claimId, claim.id));
  return success(null);
}

export const INFO_LIMITS: Record<string, number> = {
  description: 2000,
  website: 200,
  phone: 40,
  logo_url: 300,
  hours: 500,
};

/** The owner's information, waiting for an operator's approval before it shows. */
export async function setOwnerInfo(
  db: Db,
  userId: string,
  id: unknown,
  input: Record<string, unknown>,
): Promise<Result<ClaimView>> {
  const claim = await ownClaim(db, userId, id);
  if (!claim) return claimNotFound();
  if (claim.status !== 'verified')
    return failure('FORBIDDEN', 'Seul le propriétaire vérifié peut compléter la fiche.');
  const info: Record<string, string> = {};
  const fields: Record<string, string[]> = {};
  for (const [k, max] of Object.entries(INFO_LIMITS)) {
    const v = input[k];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || v.length > max) {
      fields[k] = [`${max} caractères au plus.`];
      continue;
    }
    if ((k === 'website' || k === 'logo_url') && !/^https:\/\/[^\s<>"]+$/.test(v.trim())) {
      fields[k] = ['Indiquez une adresse qui commence par https://.'];
      continue;
    }
    info[k] = v.trim();
  }
  if (Object.keys(fields).length) return failure('VALIDATION_FAILED', undefined, { fields });
  await db
    .insert(companyOwnerInfo)
    .values({ siren: claim.siren, claimId: claim.id, info, status: 'pending' })
    .onConflictDoUpdate({
      target: companyOwnerInfo.siren,
      set: { claimId: claim.id, info, status: 'pending', updatedAt: new Date() },
    });
  return success((await claimsOf(db, userId)).find((c) => c.id === claim.id)!);
}

/** Public: the approved information of a company's verified owner, or null. */
export async function approvedOwnerInfo(
  db: Db,
  sirenInput: unknown,
): Promise<Result<Record<string, string> | null>> {
  const siren = parseOneSiren(sirenInput);
  if (!siren.ok) return siren;
  const [row] = await db
    .select({ info: companyOwnerInfo.info })
    .from(companyOwnerInfo)
    .innerJoin(companyClaims, eq(companyClaims.id, companyOwnerInfo.claimId))
    .where(
      and(
        eq(companyOwnerInfo.siren, siren.value),
        eq(companyOwnerInfo.status, 'approved'),
        eq(companyClaims.status, 'verified'),
      ),
    );
  return success(row?.info ?? null);
}

/** Draws a code for each pending claim whose letter has not gone yet (nothing is stored yet). */
export async function takeLettersToSend(db: Db): Promise<
  {
    claimId: number;
    siren: string;
    role: string;
    code: string;
    companyName: string | null;
    address: string;
  }[]
> {
  const pending = await db
    .select({ c: companyClaims, name: companies.name })
    .from(companyClaims)
    .leftJoin(companies, eq(companies.siren, companyClaims.siren))
    .where(and(eq(companyClaims.status, 'pending'), isNull(companyClaims.letterExportedAt)))
    .orderBy(asc(companyClaims.id));
  const out = [];
  for (const p of pending) {
    const code = Array.from(
      { length: 8 },
      () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(32)],
    ).join('');
    const [addr] = await db
      .execute<{ address: string }>(
        sql`SELECT concat_ws(' ', address_number, address_street_type, address_street) || E'\n' ||
                 concat_ws(' ', postcode, commune_name) AS address
          FROM establishments WHERE siren = ${p.c.siren} AND is_head_office
          ORDER BY (status = 'A') DESC LIMIT 1`,
      )
      .then((r) => (r as unknown as { rows: { address: string }[] }).rows);
    out.push({
      claimId: p.c.id,
      siren: p.c.siren,
      role: p.c.role,
      code,
      companyName: p.name,
      address: addr?.address ?? '',
    });
  }
  return out;
}

/** Once the batch is written: the codes' hashes are kept and the letters count as sent. */
export async function markLettersSent(
  db: Db,
  letters: { claimId: number; code: string }[],
): Promise<void> {
  for (const l of letters) {
    await db
      .update(companyClaims)
      .set({ codeHash: hashCode(l.code), letterExportedAt: new Date(), attempts: 0 })
      .where(eq(companyClaims.id, l.claimId));
  }
}
