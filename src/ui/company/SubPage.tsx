import Link from 'next/link';
import type { ReactNode } from 'react';
import type { CompanyOrder } from '@/documents';
import type { CompanyProfile } from '@/registry/company';
import { OrderButton } from '@/ui/orders/OrderButton';
import { formatSiren } from './format';
import { Breadcrumb, CompanyHeader } from './CompanyHeader';
import s from './company.module.css';
import { messages, t } from '@/i18n';

/** Frame of the per-company pages (/comptes-annuels/{siren}…): header, one subject, way back. */
export function SubPage({
  profile,
  title,
  order,
  children,
}: {
  profile: CompanyProfile;
  title: string;
  /**
   * The document this page sells, for this company (`companyOrder`, src/documents): its button
   * when the order route takes it, else why it cannot be ordered.
   */
  order?: CompanyOrder;
  children: ReactNode;
}) {
  const m = messages.company.subPage;
  const companyHref = `/entreprises/${profile.siren}/${profile.slug}`;
  return (
    <div className={s.page}>
      <Breadcrumb
        items={[
          { label: m.home, href: '/' },
          { label: profile.displayName, href: companyHref },
          { label: title },
        ]}
      />
      <CompanyHeader
        profile={profile}
        heading={t('company', 'subPage.heading', { title, name: profile.displayName })}
      />
      {order?.orderable ? (
        <p>
          <OrderButton kind={order.kind} siren={profile.siren} priceCents={order.priceCents} />
        </p>
      ) : order ? (
        <p data-testid="order-unavailable">
          {order.sold && `${t('company', 'subPage.orderUnavailable', { label: order.label })} `}
          {order.reason}
        </p>
      ) : null}
      {children}
      <p>
        <Link href={companyHref} prefetch={false}>
          {t('company', 'subPage.backToProfile', {
            name: profile.displayName,
            siren: formatSiren(profile.siren),
          })}
        </Link>
      </p>
    </div>
  );
}
