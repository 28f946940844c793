import Link from 'next/link';
import { getDb } from '@/db';
import t from '@/i18n/fr/account';
import { searchCompanies } from '@/search/companies';
import s from '@/ui/account/account.module.css';
import { frameMetadata } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

export const metadata = frameMetadata('/profil-entreprise/resultats', {
  title: t.claims.results,
  robots: { index: false, follow: true },
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ClaimResultsPage({ searchParams }: Props) {
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 200) ?? '';
  const found =
    q.trim().length >= 2 ? await searchCompanies(getDb(), { q }).catch(() => null) : null;
  const results = found?.ok ? found.value.results : [];
  return (
    <div className={s.page}>
      <h1 className={s.title}>{t.claims.results}</h1>
      {results.length === 0 ? <p>{t.claims.noResult}</p> : null}
      <ul className={s.feed}>
        {results.map((r) => (
          <li key={r.siren}>
            <Link href={`/profil-entreprise/${r.siren}`}>{r.name ?? r.sirenFormatted}</Link>{' '}
            <span className={s.hint}>
              {r.sirenFormatted} —{' '}
              {[r.headOffice.postcode, r.headOffice.commune].filter(Boolean).join(' ')}
            </span>
          </li>
        ))}
      </ul>
      <Link href="/profil-entreprise">{t.claims.searchSubmit}</Link>
    </div>
  );
}
