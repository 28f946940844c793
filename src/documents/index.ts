/**
 * The Documents seam (docs/ARCHITECTURE.md, "Documents"): the order engine calls `availability`
 * before payment and `generate` to produce the file. Everything else in src/documents is private
 * to this module.
 *
 * `kind` is an order kind of the catalogue (`src/domain/catalogue`), or one of the extra kinds:
 * - `director-report`: payload `{ directorId: string }` (or `{ n: number }`, the n-th
 *   representative of the company, 1-based, as in POST /api/director-report/{siren}/order/{n});
 * - `custom-document`: payload `{ documentId: string; fields: Record<string, string> }` (the
 *   templates of /documents);
 * - `key-figures`: no payload.
 * Kinds with a body take the order's body as `payload` (spec section 3, "Order payloads").
 */
import type { Db } from '@/db/client';
import type { DocumentFormat } from '@/domain/catalogue';
import type { Result } from '@/lib/errors';
import { availabilityOf, generateDocument } from './engine';

/**
 * Whether a kind is sold in this deployment at all, whatever the company (`documentSale`,
 * `isSold`; the lists and helpers for pages are in src/documents/sale.ts, the filings INPI lists
 * in providers/filings.ts, our score in score.ts). `availability` below applies the same rule
 * first, then the company's own case.
 */
export { documentSale, isSold } from './sale';

export type DocumentFile = {
  fileName: string;
  contentType: string;
  format: DocumentFormat;
  body: Buffer;
};

export type GenerateOptions = {
  /** Defaults to the kind's first format in the catalogue. */
  format?: DocumentFormat;
  /** Printed on the document; "aperçu" when absent. */
  orderNumber?: string;
  /** Generation date printed on the document; defaults to now. */
  now?: Date;
};

/**
 * The file of one document. Unknown company: NOT_FOUND; bad SIREN or payload: INVALID_INPUT;
 * a format the kind does not offer: INVALID_INPUT; a kind we cannot produce for this company
 * (no data, or a third party's document without its credentials): DOCUMENT_UNAVAILABLE.
 */
export function generate(
  db: Db,
  kind: string,
  siren: string,
  payload: unknown,
  options: GenerateOptions = {},
): Promise<Result<DocumentFile>> {
  return generateDocument(db, kind, siren, payload, options);
}

/**
 * Whether `generate` can produce this kind for this company, and if not, why (French). A kind not
 * sold here answers first, naming the kind and its issuer's own way to get it.
 */
export function availability(
  db: Db,
  kind: string,
  siren: string,
): Promise<{ available: true } | { available: false; reason: string }> {
  return availabilityOf(db, kind, siren);
}
