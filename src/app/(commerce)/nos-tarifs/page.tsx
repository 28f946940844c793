import type { Metadata } from 'next';
import { getEnv } from '@/config/env';
import { formatPrice, serviceTypes } from '@/domain/catalogue';
import { documentOffers, formatsLabel } from '@/domain/catalogue/documents';
import { costsPerUnit } from '@/domain/orders';
import { messages, t } from '@/i18n';
import { frameMetadata } from '@/ui/frame/metadata';
import { SubscribeButton } from '@/ui/orders/SubscribeButton';
import s from '@/ui/orders/orders.module.css';

const m = messages.orders.prices;

export const metadata: Metadata = frameMetadata('/nos-tarifs', {
  title: m.title,
  description: m.lead,
});

/** /nos-tarifs: every kind and the plan, from the catalogue (one table drives the prices). */
export default function Page() {
  const env = getEnv();
  return (
    <div className={`container ${s.page}`}>
      <h1 className={s.title}>{m.title}</h1>
      <p className={s.lead}>{m.lead}</p>
      <div className={s.plan}>
        <h2>{m.planTitle}</h2>
        <p>{t('orders', 'prices.planText', { quota: env.SUBSCRIPTION_MONTHLY_QUOTA })}</p>
        <p>
          <strong>
            {t('orders', 'prices.planPrice', { price: formatPrice(env.SUBSCRIPTION_PRICE_CENTS) })}
          </strong>
        </p>
        <SubscribeButton />
      </div>
      {serviceTypes.map((type) => {
        const kinds = documentOffers().filter((d) => d.type === type);
        if (kinds.length === 0) return null;
        return (
          <section key={type}>
            <h2>{messages.services.types[type]}</h2>
            <table className={s.table}>
              <thead>
                <tr>
                  <th scope="col">{m.document}</th>
                  <th scope="col">{m.formats}</th>
                  <th scope="col">{m.price}</th>
                </tr>
              </thead>
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
    </div>
  );
}
