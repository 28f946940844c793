import type { Metadata } from 'next';
import { getEnv } from '@/config/env';
import { formatPrice, serviceTypes } from '@/domain/catalogue';
import { formatsLabel } from '@/domain/catalogue/documents';
import { soldOffers, subscriptionText, unsoldOffers } from '@/documents/sale';
import { costsPerUnit } from '@/domain/orders';
import { messages, t } from '@/i18n';
import { frameMetadata } from '@/ui/frame/metadata';
import { SubscribeButton } from '@/ui/orders/SubscribeButton';
import s from '@/ui/orders/orders.module.css';
import { ColumnHeads } from '@/ui/table/ColumnHeads';
import { OfficialWayInline } from '@/ui/orders/NotSold';

const m = messages.orders.prices;

export const metadata: Metadata = frameMetadata('/nos-tarifs', {
  title: m.title,
  description: m.lead,
});

/**
 * /nos-tarifs: the kinds sold here and the plan, from the catalogue and the availability rule
 * (src/documents/sale.ts); the kinds not sold are listed without a price, with where to get them.
 */
export default function Page() {
  const env = getEnv();
  const sold = soldOffers();
  const unsold = unsoldOffers();
  return (
    <div className={`container ${s.page}`}>
      <h1 className={s.title}>{m.title}</h1>
      <p className={s.lead}>{m.lead}</p>
      <div className={s.plan}>
        <h2>{m.planTitle}</h2>
        <p data-testid="plan-text">{subscriptionText(env.SUBSCRIPTION_MONTHLY_QUOTA)}</p>
        <p>
          <strong>
            {t('orders', 'prices.planPrice', { price: formatPrice(env.SUBSCRIPTION_PRICE_CENTS) })}
          </strong>
        </p>
        <SubscribeButton />
      </div>
      {serviceTypes.map((type) => {
        const kinds = sold.filter((d) => d.type === type);
        if (kinds.length === 0) return null;
        return (
          <section key={type}>
            <h2>{messages.services.types[type]}</h2>
            <table className={s.table}>
              <ColumnHeads labels={[m.document, m.formats, m.price]} />
              <tbody>
                {kinds.map((d) => (
                  <tr key={d.kind}>
                    <td>
                      <strong>{d.label}</strong>
                      {costsPerUnit(d.kind) && <small> ({m.perUnit})</small>}
                      <br />
                      <small>{d.contents}</small>
                    </td>
                    <td>{formatsLabel(d.formats)}</td>
                    <td>{formatPrice(d.priceCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
      {unsold.length > 0 && (
        <section data-testid="not-sold-list">
          <h2>{m.notSoldTitle}</h2>
          <p>{m.notSoldLead}</p>
          <ul>
            {unsold.map((u) => (
              <li key={u.offer.kind}>
                <strong>{u.offer.label}</strong> — <OfficialWayInline official={u.official} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
