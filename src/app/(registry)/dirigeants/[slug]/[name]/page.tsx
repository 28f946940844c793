import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { loadDirectorProfile, siteUrl } from '@/loaders/registry-pages';
import { DirectorProfileView } from '@/ui/director/DirectorProfileView';
import { frameMetadata } from '@/ui/frame/metadata';
import { decodePageParam } from '@/lib/http/path';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string; name: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const lookup = await loadDirectorProfile(slug);
  if (!lookup.ok) return { title: 'Dirigeant introuvable', robots: { index: false } };
  const d = lookup.value;
  const companies = [...new Set(d.mandates.map((m) => m.companyName))].slice(0, 3).join(', ');
  return frameMetadata(`/dirigeants/${encodeURIComponent(d.id)}/${d.slug}`, {
    title: `${d.name}${d.birth ? ` (né(e) en ${d.birth.label})` : ''} : mandats de dirigeant`,
    description: `Mandats en cours et passés de ${d.name}${companies ? ` : ${companies}` : ''}, et entreprises liées, d'après les registres officiels.`,
    alternates: { canonical: `${siteUrl()}/dirigeants/${encodeURIComponent(d.id)}/${d.slug}` },
  });
}

export default async function DirectorPage({ params }: Props) {
  const { slug, name } = await params;
  const lookup = await loadDirectorProfile(slug);
  if (!lookup.ok) notFound();
  const d = lookup.value;
  if (decodePageParam(name) !== d.slug)
    permanentRedirect(`/dirigeants/${encodeURIComponent(d.id)}/${d.slug}`);
  return <DirectorProfileView d={d} />;
}
