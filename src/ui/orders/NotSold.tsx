import type { OfficialWay } from '@/domain/catalogue/documents';
import { messages, t } from '@/i18n';

/**
 * A document of the catalogue that is not sold in this deployment (src/documents/sale.ts): no
 * price, no button, only the issuer's own way to get it.
 */
export function NotSold({ label, official }: { label: string; official: OfficialWay }) {
  return (
    <aside data-testid="not-sold" aria-label={t('orders', 'notSold.region', { document: label })}>
      <p>
        <strong>{t('orders', 'notSold.title', { document: label })}</strong>
      </p>
      <p>{official.text}</p>
      <ul>
        {official.links.map((l) => (
          <li key={l.href}>
            <a href={l.href} rel="noopener noreferrer" target="_blank">
              {l.label}
            </a>
            {messages.orders.notSold.newTab}
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** The issuer's way to get a document not sold here, inline: its text, then its links. */
export function OfficialWayInline({ official }: { official: OfficialWay }) {
  return (
    <>
      {official.text}{' '}
      {official.links.map((l, i) => (
        <span key={l.href}>
          {i > 0 ? ', ' : ''}
          <a href={l.href} rel="noopener noreferrer">
            {l.label}
          </a>
        </span>
      ))}
    </>
  );
}
