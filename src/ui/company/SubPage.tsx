import Link from 'next/link';
import type { ReactNode } from 'react';
import type { CompanyProfile } from '@/registry/company';
import { documentKind, type OrderKind } from '@/domain/catalogue';
import { OrderButton } from '@/ui/orders/OrderButton';
import { formatSiren } from './format';
import { Breadcrumb, CompanyHeader } from './CompanyHeader';
import s from './company.module.css';
import { messages, t } from '@/i18n';

/** Frame of the per-company pages (/comptes-annuels/{siren}…): header, one subject, way back. */
export function SubPage({
  profile,
  title,
  orderKind,
  children,
}: {
  profile: CompanyProfile;
  title: string;
  /** The document this page sells (catalogue): an order button with its price. */
  orderKind?: OrderKind;
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
      {orderKind && (
        <p>
          <OrderButton
            kind={orderKind}
            siren={profile.siren}
            priceCents={documentKind(orderKind).priceCents}
          />
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
