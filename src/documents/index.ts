/**
 * The Documents seam (src/documents/README.md): the order engine calls `availability`
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
import { withSharedReads, type Db } from '@/db/client';
import {
  documentOffer,
  documentOffers,
  orderPagePath,
  type CompanyDocument,
} from '@/domain/catalogue/documents';
import type { DocumentOffer } from '@/domain/catalogue/document-details';
import { failure, success, type Result } from '@/lib/errors';
import { logFailure } from '@/lib/log';
import { getCachedProfile } from '@/registry/page-data';
import { orderChoices, type OrderChoice } from './choices';
import { isSold } from './sale';
import {
  availabilityOf,
  deliverableOf,
  generateDocument,
  type DocumentFile,
  type GenerateOptions,
} from './engine';

/**
 * Whether a kind is sold in this deployment at all, whatever the company (`documentSale`,
 * `isSold`; the lists and helpers for pages are in src/documents/sale.ts, the filings INPI lists
 * in providers/filings.ts, our score in score.ts). `availability` below applies the same rule
 * first, then the company's own case.
 */
export { documentSale, isSold } from './sale';
export type { DocumentFile, GenerateOptions } from './engine';

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
): Promise<{ available: true } | { available: false; reason: string; field?: 'siren' }> {
  return availabilityOf(db, kind, siren);
}

/**
 * Whether the document this payload asks for can be delivered, checked before an order is
 * taken (src/orders/service.ts): VALIDATION_FAILED naming the payload's field (the director, the
 * notice, the letter type, the template and its fields) when it cannot.
 */
export function checkDeliverable(
  db: Db,
  kind: string,
  siren: string | null,
  payload: unknown,
): Promise<Result<void>> {
  return deliverableOf(db, kind, siren, payload);
}

/**
 * What can be ordered of a kind for one company: the offer a button shows (kind, name, price), or
 * why not, in French. The one rule every « Commander » of a company reaches: the company page's
 * « Documents » section (`companyDocuments`), the per-company pages (/actes-et-statuts/{siren}…:
 * their button, or the reason in its place), the service results' buttons, the order pages, and
 * the order route before it takes an order (src/orders/service.ts: refused with this reason). It
 * answers what `availability` answers. A kind not sold here answers with the issuer's own way to
 * get it; `field` names the SIREN when the company is the reason. Undefined for a kind the
 * catalogue does not know.
 */
export type CompanyOrder =
  | { orderable: true; kind: string; label: string; priceCents: number }
  | {
      orderable: false;
      kind: string;
      label: string;
      /** Sold here, but not for this company (false: not sold on this site at all). */
      sold: boolean;
      reason: string;
      field?: 'siren';
    };

export async function companyOrder(
  db: Db,
  kind: string,
  siren: string,
): Promise<CompanyOrder | undefined> {
  const offer = documentOffer(kind);
  if (!offer) return undefined;
  const answer = await availability(db, kind, siren);
  const base = { kind, label: offer.label };
  return answer.available
    ? { ...base, orderable: true, priceCents: offer.priceCents }
    : {
        ...base,
        orderable: false,
        sold: isSold(kind),
        reason: answer.reason,
        field: answer.field,
      };
}

/**
 * The documents deliverable for a company, as its page's « Documents » section lists them: every
 * kind of the catalogue that `companyOrder` says can be ordered (custom documents are the
 * templates of /documents, not a company's). No second rule.
 */
export async function companyDocuments(db: Db, siren: string): Promise<CompanyDocument[]> {
  const offers = documentOffers().filter((o) => o.kind !== 'custom-document');
  if (!offers.length) return [];
  // All kinds at once on one handle whose reads are shared: the profile and each list a check
  // reads (directors, accounts, notices…) are read once for all the kinds.
  const shared = withSharedReads(db);
  const answers = await Promise.all(offers.map((o) => companyOrder(shared, o.kind, siren)));
  return offers
    .filter((_, i) => answers[i]?.orderable)
    .map((o) => ({
      kind: o.kind,
      label: o.label,
      priceCents: o.priceCents,
      formats: o.formats,
      href: orderPagePath(siren, o.kind),
    }));
}

export type OrderPage = {
  company: { siren: string; name: string; href: string };
  offer: DocumentOffer;
  /** Why the kind cannot be ordered for this company, or null. */
  unavailable: string | null;
  /** What to choose before ordering (a brand, a notice…); null: ordered as it is. */
  choices: OrderChoice[] | null;
};

/**
 * The order page of a kind for a company (/documents/entreprise/{siren}/{kind}): the offer, its
 * availability and the choices it takes. Unknown kind or company: NOT_FOUND; bad SIREN:
 * INVALID_INPUT.
 */
export async function orderPage(db: Db, kind: string, siren: string): Promise<Result<OrderPage>> {
  const offer = documentOffer(kind);
  if (!offer || kind === 'custom-document') return failure('NOT_FOUND');
  const lookup = await getCachedProfile(db, siren);
  if (!lookup.ok)
    return failure(
      lookup.code === 'COMPANY_NOT_FOUND' ? 'NOT_FOUND' : 'INVALID_INPUT',
      lookup.message,
    );
  const p = lookup.value;
  const company = {
    siren: p.siren,
    name: p.displayName,
    href: `/entreprises/${p.siren}/${p.slug}`,
  };
  const answer = await companyOrder(db, kind, p.siren);
  if (!answer?.orderable)
    return success({
      company,
      offer,
      unavailable: answer?.reason ?? 'Ce type de document n’existe pas.',
      choices: null,
    });
  try {
    return success({ company, offer, unavailable: null, choices: await orderChoices(db, kind, p) });
  } catch (error) {
    logFailure('documents', error);
    return success({
      company,
      offer,
      unavailable: `La liste des documents à commander n’a pas pu être lue : ${(error as Error).message} Réessayez dans un instant.`,
      choices: null,
    });
  }
}
