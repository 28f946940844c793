import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { sessions, users } from '@/db/schema/accounts';
import { failure, success, type Result } from '@/lib/errors';
import { listsOf } from './follows';

const required = 'Ce champ est obligatoire.';
const max = (n: number) => `Ce champ ne doit pas dépasser ${n} caractères.`;
const text = (n: number) => z.string().trim().max(n, max(n));

/** The company-data form of spec section 5. */
export const fullProfile = z.object({
  company_name: text(80).min(1, required),
  postcode: z
    .string()
    .trim()
    .min(1, required)
    .max(5, max(5))
    .regex(/^\d+$/, 'Indiquez un code postal en chiffres.'),
  firstname: text(80).min(1, required),
  lastname: text(80).min(1, required),
  phone: text(80).optional(),
  vat_number: text(80).optional(),
});
export const partialProfile = z.object({
  company_name: text(80).optional(),
  postcode: z
    .string()
    .trim()
    .max(5, max(5))
    .regex(/^\d*$/, 'Indiquez un code postal en chiffres.')
    .optional(),
  firstname: text(80).optional(),
  lastname: text(80).optional(),
  phone: text(80).optional(),
  vat_number: text(80).optional(),
});

export type ProfileAnswer = {
  id: string;
  email: string;
  name: string;
  profile: Record<string, string>;
};

export async function updateProfile(
  db: Db,
  userId: string,
  input: { name?: string; profile: Record<string, unknown>; partial: boolean },
): Promise<Result<ProfileAnswer>> {
  const clean = Object.fromEntries(
    Object.entries(input.profile).filter(([, v]) => v !== undefined && v !== null),
  );
  const parsed = (input.partial ? partialProfile : fullProfile).safeParse(clean);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (fields[String(i.path[0])] ??= []).push(i.message);
    return failure('VALIDATION_FAILED', undefined, { fields });
  }
  const name = input.name?.trim().slice(0, 120);
  const [current] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!current) return failure('UNAUTHENTICATED');
  const profile: Record<string, string> = { ...current.profile };
  for (const [k, v] of Object.entries(parsed.data)) if (typeof v === 'string') profile[k] = v;
  const [row] = await db
    .update(users)
    .set({ profile, ...(name ? { name } : {}), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return success({ id: row!.id, email: row!.email, name: row!.name, profile: row!.profile });
}

/** RGPD export: the account, its sessions and its lists (no password hash, no token). */
export async function exportUserData(db: Db, userId: string): Promise<Record<string, unknown>> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const userSessions = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    account: user && {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerifiedAt: user.emailVerifiedAt,
      createdAt: user.createdAt,
      profile: user.profile,
    },
    sessions: userSessions,
    followedLists: await listsOf(db, userId),
  };
}
