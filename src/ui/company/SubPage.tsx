import Link from 'next/link';
import type { ReactNode } from 'react';
import type { CompanyProfile } from '@/registry/company';
import { documentKind, type OrderKind } from '@/domain/catalogue';
import { OrderButton } from '@/ui/orders/OrderButton';
import { formatSiren } from './format';
import { Breadcrumb, CompanyHeader } from './CompanyHeader';
import s from './company.module.css';

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
  const companyHref = `/entreprises/${profile.siren}/${profile.slug}`;
  return (
    <div className={s.page}>
      <Breadcrumb
        items={[
          { label: 'Accueil', href: '/' },
          { label: profile.displayName, href: companyHref },
          { label: title },
        ]}
      />
      <CompanyHeader profile={profile} heading={`${title} de ${profile.displayName}`} />
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
          ← Fiche complète de {profile.displayName} (SIREN {formatSiren(profile.siren)})
        </Link>
      </p>
    </div>
  );
}
