import type { Metadata } from 'next';
import { messages } from '@/i18n';
import { CompanyNotFound } from '@/ui/company/NotFound';
import { notFoundMetadata } from '@/ui/frame/metadata';
import { subPageOf } from '../../_company/subpages';

/**
 * Next takes a 404's metadata from the deepest not-found file, even when a layout above it (an
 * unknown first segment, such as /actualites/inconnu that no content route knows) answered with the
 * site's own 404 page: without this title such a page kept the home page's.
 */
export async function generateMetadata({
  params,
}: {
  params: Promise<{ service: string }>;
}): Promise<Metadata> {
  return subPageOf((await params).service)
    ? { title: messages.company.notFound.title, robots: { index: false } }
    : notFoundMetadata;
}

export default CompanyNotFound;
