import Link from 'next/link';
import type { ReactNode } from 'react';
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
  /** The document this page sells, when it is sold here (src/documents/sale.ts): a button. */
  order?: { kind: string; priceCents: number };
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
      {order && (
        <p>
          <OrderButton kind={order.kind} siren={profile.siren} priceCents={order.priceCents} />
        </p>
      )}
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
