import { entries, entry, urlOf } from '@/content';
import { ServiceArticle } from '@/ui/content/ServiceArticle';
import { entryMetadata } from '@/ui/content/metadata';

/**
 * Articles of the service group pages, `/{service}/article/{slug}`: one static page per file of
 * content/articles/<service>/ (the directors' articles have their own route, where
 * /dirigeants/[slug]/[name] would otherwise take them). Unknown pairs answer 404.
 */
export const dynamicParams = false;
export function generateStaticParams() {
  return entries('articles')
    .filter((e) => e.folder !== 'dirigeants')
    .map((e) => ({ service: e.folder!, slug: e.slug }));
}

type Props = { params: Promise<{ service: string; slug: string }> };

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const e = entry('articles', p.service, p.slug);
  return e ? entryMetadata(urlOf('articles', e), e) : {};
}

export default async function ServiceArticlePage({ params }: Props) {
  const p = await params;
  return <ServiceArticle servicePath={p.service} slug={p.slug} />;
}
