import Link from 'next/link';
import type { ReactNode } from 'react';
import type { CompanyProfile } from '@/registry/company';
import { formatSiren } from './format';
import { Breadcrumb, CompanyHeader } from './CompanyHeader';
import s from './company.module.css';
import { messages, t } from '@/i18n';

/** Frame of the per-company pages (/comptes-annuels/{siren}…): header, one subject, way back. */
export function SubPage({
  profile,
  title,
  children,
}: {
  profile: CompanyProfile;
  title: string;
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
