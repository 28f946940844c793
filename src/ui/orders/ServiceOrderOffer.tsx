'use client';

import { useEffect, useState } from 'react';
import { ordersText, tOrders } from './text';
import { euros } from './client';
import { OrderButton } from './OrderButton';
import s from './orders.module.css';

type Offer = { kind: string; price_cents: number; available: boolean; reason: string | null };

/**
 * The order offer of a service group's results (/extrait-kbis/resultats…) for the first company
 * of the list: the catalogue's price at once, then what /api/companies/complementary-informations
 * says of that company (spec section 7: available, at what price, or why not). Read in the
 * browser, so the results page is the same for every visitor.
 */
export function ServiceOrderOffer({
  kind,
  label,
  priceCents,
  sirens,
  companyName,
  unavailable,
}: {
  kind: string;
  label: string;
  priceCents: number;
  sirens: string[];
  companyName: string | null;
  /**
   * The listed companies the order route's availability rule refuses, with its reason, read by
   * the server with the page: the first company's button is never shown only to be refused.
   */
  unavailable?: Record<string, string>;
}) {
  const [offer, setOffer] = useState<Offer | null>(null);
  const first = sirens[0];
  const key = sirens.join(',');

  useEffect(() => {
    let live = true;
    // A read: no CSRF token, so a visitor's first page sets no cookie.
    fetch('/api/companies/complementary-informations', {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: JSON.stringify({ sirens: key.split(','), kinds: [kind] }),
    })
      .then((r) => (r.ok ? r.json() : null))
      .then((json: { data?: { data?: { kinds?: Offer[] } } } | null) => {
        const found = json?.data?.data?.kinds?.find((k) => k.kind === kind);
        if (live && found) setOffer(found);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, kind]);

  if (!first) return null;
  const price = offer?.price_cents ?? priceCents;
  const siren = first.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
  return (
    <aside className={s.offer} aria-label={ordersText.offer.region} data-offer={kind}>
      <p>
        {tOrders('offer.text', {
          document: label,
          company: companyName ?? ordersText.offer.unnamed,
          siren,
          price: euros(price),
        })}
      </p>
      {unavailable?.[first] ? (
        <p role="status">{unavailable[first]}</p>
      ) : offer && !offer.available ? (
        <p role="status">{offer.reason ?? ordersText.offer.unavailable}</p>
      ) : (
        <OrderButton kind={kind} siren={first} priceCents={price} />
      )}
    </aside>
  );
}
