/**
 * /api/companies/complementary-informations (spec section 7): for the first company of a results
 * list, which kinds can be ordered and at what price, so result pages show order buttons.
 */
import { z } from 'zod';
import type { Db } from '@/db/client';
import { documentKinds } from '@/domain/catalogue';
import { isSirenFormat, padSiren } from '@/domain/siren';
import { companyOrder, isSold } from '@/documents';
import { failure, success, type Result } from '@/lib/errors';

export const complementaryInput = z.object({
  sirens: z
    .array(z.union([z.string(), z.number()]))
    .min(1)
    .max(100)
    .optional(),
  siren: z.union([z.string(), z.number()]).optional(),
  kinds: z.array(z.string()).max(50).optional(),
});

export type ComplementaryInformations = {
  siren: string;
  kinds: {
    kind: string;
    label: string;
    /** null: not sold in this deployment (src/documents/sale.ts), so no price. */
    price_cents: number | null;
    sold_here: boolean;
    formats: readonly string[];
    available: boolean;
    reason: string | null;
  }[];
};

export async function complementaryInformations(
  db: Db,
  body: unknown,
): Promise<Result<ComplementaryInformations>> {
  const parsed = complementaryInput.safeParse(body ?? {});
  if (!parsed.success) return failure('INVALID_INPUT');
  const first = parsed.data.sirens?.[0] ?? parsed.data.siren;
  if (first === undefined) return failure('INVALID_INPUT', 'Aucune entreprise n’est donnée.');
  const siren = padSiren(String(first));
  if (!isSirenFormat(siren)) return failure('INVALID_INPUT', 'Le numéro SIREN est invalide.');
  const wanted = parsed.data.kinds ? new Set(parsed.data.kinds) : null;
  const kinds = [];
  for (const d of documentKinds) {
    if (wanted && !wanted.has(d.kind)) continue;
    const a = await companyOrder(db, d.kind, siren);
    const sold = isSold(d.kind);
    kinds.push({
      kind: d.kind,
      label: d.label,
      price_cents: sold ? d.priceCents : null,
      sold_here: sold,
      formats: d.formats,
      available: a?.orderable === true,
      reason: !a || a.orderable ? null : a.reason,
    });
  }
  return success({ siren, kinds });
}
