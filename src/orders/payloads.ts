/** The bodies of the order routes (spec section 3, "Order payloads"), checked with zod. */
import { z } from 'zod';

const text = (max: number) =>
  z
    .string({ error: 'Ce champ est obligatoire.' })
    .trim()
    .min(1, 'Ce champ est obligatoire.')
    .max(max, `${max} caractères au maximum.`);

/** A free payload (fields not shown in the spec): an object of bounded size. */
const freePayload = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= 4000, 'Les données de la commande sont trop longues.');

export const bodyPayloads = {
  'balance-sheets': freePayload,
  acts: z.object({
    filing_number: text(100),
    provider: text(50),
    order_data: z.unknown().optional(),
  }),
  brands: z.object({ brand_number: text(50) }),
  patents: z.object({ patent_number: text(50) }),
  'commercial-advertisements': z.object({
    commercial_advertisement_id: z.union([text(100), z.number().int().nonnegative()]),
    pdf_release_subfolder: text(200).optional(),
  }),
  'company-agreements': freePayload,
  letters: z.object({ type: text(100) }),
} as const;

export const documentPayload = z.object({
  siren: z.string().trim().max(20).optional(),
  fields: z
    .record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
    .refine((v) => Object.keys(v).length <= 100, 'Trop de champs.'),
});

/** The company-data form of the payment page (spec sections 3 and 5). */
export const billingSchema = z.object({
  company_name: text(80),
  postcode: z
    .string({ error: 'Ce champ est obligatoire.' })
    .trim()
    .min(1, 'Ce champ est obligatoire.')
    .max(5, '5 caractères au maximum.')
    .regex(/^\d+$/, 'Le code postal ne contient que des chiffres.'),
  firstname: text(80),
  lastname: text(80),
  phone: z.string().trim().max(80, '80 caractères au maximum.').optional().or(z.literal('')),
  vat_number: z.string().trim().max(80, '80 caractères au maximum.').optional().or(z.literal('')),
});

/** Field errors of a zod failure, as VALIDATION_FAILED carries them. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
