import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { isOrderId } from '@/orders/service';
import m from '@/i18n/fr/documents';
import s from '@/ui/documents/documents.module.css';

export const metadata: Metadata = {
  title: m.loadingTitle,
  robots: { index: false, follow: false },
};

type Props = {
  params: Promise<{ documentId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * /documents/loading/{id}, after a document is ordered: the page of that order, /commandes/{id},
 * which polls it, asks for its payment and downloads the file (spec section 4). The id is the
 * order's; an older link named the template and gave the order as `?commande=`. Anything else
 * says it knows no such order, without polling anything.
 */
export default async function Page({ params, searchParams }: Props) {
  const { documentId } = await params;
  const q = await searchParams;
  if (isOrderId(documentId)) redirect(`/commandes/${documentId}`);
  if (typeof q.commande === 'string' && isOrderId(q.commande)) redirect(`/commandes/${q.commande}`);
  return (
    <main className={s.page}>
      <h1>{m.loadingTitle}</h1>
      <p role="status">{m.loadingUnknown}</p>
      <p>
        <Link href="/mon-compte">{m.loadingLink}</Link>
      </p>
    </main>
  );
}
