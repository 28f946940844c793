import { notFound } from 'next/navigation';
import { servicePathOf } from '@/ui/search/servicePages';

/**
 * The service groups of the catalogue (/extrait-kbis, /marques…) share one dynamic segment. Any
 * other first segment is not a page: it answers the site's 404 (static routes such as
 * /entreprises or /dirigeants take precedence over this segment and never reach it).
 */
export default async function ServiceLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ service: string }>;
}) {
  if (!servicePathOf((await params).service)) notFound();
  return children;
}
