/**
 * The one availability rule of the catalogue (src/documents/README.md): a kind is sold
 * here when we produce it ourselves, or when the issuer that delivers it is connected in this
 * deployment (its client configured, src/documents/services.ts). Every place a product appears
 * reads this: prices, buttons, service cards, counters, the API's `*-available` sections, the
 * order route (through `availability`), sitemaps, structured data and the subscription's wording.
 * A kind not sold shows no price and no button, only the issuer's own way to get it.
 *
 * Light on purpose (the catalogue and the clients' settings): pages and the frame import it
 * without the generators.
 */
import {
  documentOffer,
  documentOffers,
  officialWay,
  type OfficialWay,
} from '@/domain/catalogue/documents';
import type { DocumentOffer, ProviderId } from '@/domain/catalogue/document-details';
import { documentServices, type DocumentServices } from './services';

export type Sale =
  | { sold: true; offer: DocumentOffer }
  | {
      sold: false;
      offer: DocumentOffer;
      provider: ProviderId;
      /** « L’extrait Kbis n’est pas vendu sur ce site : … », naming the kind. */
      reason: string;
      official: OfficialWay;
    };

/** The issuers this deployment is connected to. */
export function configuredProviders(
  services: DocumentServices = documentServices(),
): ReadonlySet<ProviderId> {
  const on = new Set<ProviderId>();
  if (services.inpi) on.add('inpi-rne');
  if (services.greffe) on.add('greffe');
  if (services.banqueDeFrance) on.add('banque-de-france');
  if (services.afdcc) on.add('afdcc');
  return on;
}

/** « Le document « Extrait Kbis » n’est pas vendu sur ce site. » and the issuer's own way. */
export function notSoldReason(offer: DocumentOffer, way: OfficialWay): string {
  return `Le document « ${offer.label} » n’est pas vendu sur ce site. ${way.text}`;
}

/** Whether a kind is sold here, and if not, why and where to get it; undefined: unknown kind. */
export function documentSale(kind: string): Sale | undefined {
  const offer = documentOffer(kind);
  if (!offer) return undefined;
  if (offer.producer.by === 'self' || configuredProviders().has(offer.producer.provider)) {
    return { sold: true, offer };
  }
  const official = officialWay(kind)!;
  return {
    sold: false,
    offer,
    provider: offer.producer.provider,
    reason: notSoldReason(offer, official),
    official,
  };
}

export function isSold(kind: string): boolean {
  return documentSale(kind)?.sold === true;
}

/** The kinds sold here, in catalogue order (prices page, structured data). */
export function soldOffers(): DocumentOffer[] {
  return documentOffers().filter((o) => isSold(o.kind));
}

/** The kinds of the catalogue not sold here, each with the issuer's own way. */
export function unsoldOffers(): Array<Extract<Sale, { sold: false }>> {
  return documentOffers()
    .map((o) => documentSale(o.kind)!)
    .filter((s): s is Extract<Sale, { sold: false }> => !s.sold);
}

/** What a service card or a page offers to order: the kind, its name and price, if sold. */
export function orderOffer(
  kind: string | undefined,
): { kind: string; label: string; priceCents: number } | undefined {
  if (!kind || !isSold(kind)) return undefined;
  const offer = documentOffer(kind)!;
  return { kind, label: offer.label, priceCents: offer.priceCents };
}

/**
 * The subscription's promise, from what is sold: our own documents without limit, and the issuers'
 * documents sold here (by name) within the monthly quota; none of them when no issuer is connected.
 */
export function subscriptionText(quota: number): string {
  const perUnit = soldOffers().filter((o) => o.producer.by === 'provider');
  const ours = 'Téléchargements illimités de nos documents';
  const end = 'Sans engagement : résiliable à tout moment depuis votre compte.';
  if (perUnit.length === 0 || quota <= 0) return `${ours}. ${end}`;
  const names = perUnit.map((o) => o.label.charAt(0).toLowerCase() + o.label.slice(1));
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} et ${names.at(-1)}`;
  return `${ours}, et ${quota} document${quota > 1 ? 's' : ''} officiel${quota > 1 ? 's' : ''} par mois parmi : ${list}. ${end}`;
}
