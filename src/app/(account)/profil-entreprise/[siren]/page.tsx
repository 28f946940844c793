import { notFound } from 'next/navigation';
import { getDb } from '@/db';
import { parseSiren } from '@/domain/siren';
import t from '@/i18n/fr/account';
import { searchCompanies } from '@/search/companies';
import s from '@/ui/account/account.module.css';
import { ClaimForm } from '@/ui/claims/ClaimForm';
import { frameMetadata } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

export const metadata = frameMetadata('/profil-entreprise', {
  title: t.claims.claim,
  robots: { index: false, follow: true },
});

type Props = { params: Promise<{ siren: string }> };

export default async function ClaimPage({ params }: Props) {
  const siren = parseSiren((await params).siren);
  if (!siren) notFound();
  const found = await searchCompanies(getDb(), { q: siren }).catch(() => null);
  const company = found?.ok ? found.value.results.find((r) => r.siren === siren) : undefined;
  if (!company) notFound();
  return (
    <div className={s.narrow}>
      <h1 className={s.title}>{t.claims.claim}</h1>
      <p className={s.intro}>
        {company.name ?? company.sirenFormatted} — {company.sirenFormatted}
      </p>
      <ClaimForm siren={siren} />
    </div>
  );
}
