import Link from 'next/link';
import type { OrderPage } from '@/documents';
import { formatPrice } from '@/domain/catalogue';
import { formatsLabel, producerLabel } from '@/domain/catalogue/documents';
import { interpolate } from '@/i18n/interpolate';
import m from '@/i18n/fr/documents';
import { OrderButton } from '@/ui/orders/OrderButton';
import s from './documents.module.css';

const o = m.orderPage;

/**
 * /documents/entreprise/{siren}/{kind}: one document for one company, what it contains, its
 * price and formats, and its order button (one per choice for the kinds that take one: a brand,
 * a BODACC notice, a filed deed, a letter, a director). The same HTML for every visitor: the
 * buttons place the order in the browser.
 */
export function CompanyOrderPage({ data }: { data: OrderPage }) {
  const { company, offer, unavailable, choices } = data;
  const price = formatPrice(offer.priceCents);
  return (
    <main className={s.page} data-kind={offer.kind}>
      <p>
        <Link href={company.href} prefetch={false}>
          {interpolate(o.back, { name: company.name })}
        </Link>
      </p>
      <h1>{interpolate(o.title, { document: offer.label, company: company.name })}</h1>
      <p className={s.meta}>
        {interpolate(o.company, { name: company.name, siren: company.siren })}
      </p>
      <dl className={s.facts}>
        <dt>{o.contents}</dt>
        <dd>{offer.contents}</dd>
        <dt>{o.sources}</dt>
        <dd>
          {offer.sources.join(' ; ')}. {offer.dates}
        </dd>
        <dt>{o.formats}</dt>
        <dd>{formatsLabel(offer.formats)}</dd>
        <dt>{o.producer}</dt>
        <dd>{producerLabel(offer.producer)}</dd>
        <dt>{o.price}</dt>
        <dd>{price}</dd>
      </dl>
      {offer.notOfficial ? <p className={s.notice}>{offer.notOfficial}</p> : null}
      {unavailable !== null ? (
        <div role="status" className={s.notice}>
          <p>
            <strong>{o.unavailable}</strong>
          </p>
          <p>{unavailable}</p>
        </div>
      ) : choices === null ? (
        <p>
          <OrderButton
            kind={offer.kind}
            siren={company.siren}
            priceCents={offer.priceCents}
            label={interpolate(o.orderOne, { price })}
          />
        </p>
      ) : choices.length === 0 ? (
        <p role="status">{o.noChoice}</p>
      ) : (
        <>
          <p>{o.choose}</p>
          <ul className={s.choices}>
            {choices.map((c) => (
              <li key={c.key} data-choice={c.key}>
                <div>
                  <strong>{c.label}</strong>
                  {c.detail ? <p className={s.meta}>{c.detail}</p> : null}
                </div>
                <OrderButton
                  kind={offer.kind}
                  siren={company.siren}
                  priceCents={offer.priceCents}
                  body={c.body}
                  endpoint={c.endpoint}
                  choice={c.key}
                  label={interpolate(o.orderOne, { price })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={s.meta}>{o.after}</p>
    </main>
  );
}
