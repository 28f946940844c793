import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db';
import { orderPage } from '@/documents';
import { interpolate } from '@/i18n/interpolate';
import m from '@/i18n/fr/documents';
import { CompanyOrderPage } from '@/ui/documents/CompanyOrderPage';
import { frameMetadata } from '@/ui/frame/metadata';

/**
 * Read per request (availability and choices change with the data and the providers); nothing
 * personal in it: the order buttons place the order in the browser.
 */
export const dynamic = 'force-dynamic';

/** One read per request: the metadata and the page share it. */
const load = cache((kind: string, siren: string) => orderPage(getDb(), kind, siren));

type Props = { params: Promise<{ siren: string; kind: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { siren, kind } = await params;
  const r = await load(kind, siren);
  return frameMetadata(`/documents/entreprise/${siren}/${kind}`, {
    title: r.ok
      ? interpolate(m.orderPage.title, {
          document: r.value.offer.label,
          company: r.value.company.name,
        })
      : undefined,
    robots: { index: false, follow: true },
  });
}

/** /documents/entreprise/{siren}/{kind}: the order page of one document for one company. */
export default async function Page({ params }: Props) {
  const { siren, kind } = await params;
  const r = await load(kind, siren);
  if (!r.ok) notFound();
  return <CompanyOrderPage data={r.value} />;
}
