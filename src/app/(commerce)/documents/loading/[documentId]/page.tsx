import type { Metadata } from 'next';
import Link from 'next/link';
import m from '@/i18n/fr/documents';
import s from '@/ui/documents/documents.module.css';

export const metadata: Metadata = {
  title: m.loadingTitle,
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** After the order: the order page polls it and downloads the file (spec section 4). */
export default async function Page({ searchParams }: Props) {
  const q = await searchParams;
  const order =
    typeof q.commande === 'string' && /^[\w-]{1,64}$/.test(q.commande) ? q.commande : null;
  return (
    <main className={s.page}>
      <h1>{m.loadingTitle}</h1>
      <p role="status">{m.loadingText}</p>
      <p>
        <Link href={order ? `/commandes/${order}` : '/mon-compte'}>{m.loadingLink}</Link>
      </p>
    </main>
  );
}
