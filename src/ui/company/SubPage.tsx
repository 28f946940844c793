import Link from 'next/link';
import type { ReactNode } from 'react';
import type { CompanyProfile } from '@/registry/company';
import { formatSiren } from './format';
import { Breadcrumb, CompanyHeader } from './CompanyHeader';
import s from './company.module.css';

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
      {children}
      <p>
        <Link href={companyHref} prefetch={false}>
          ← Fiche complète de {profile.displayName} (SIREN {formatSiren(profile.siren)})
        </Link>
      </p>
    </div>
  );
}
