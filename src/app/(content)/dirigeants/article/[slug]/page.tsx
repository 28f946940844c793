import { entry, articlesFor, urlOf } from '@/content';
import { ServiceArticle } from '@/ui/content/ServiceArticle';
import { entryMetadata } from '@/ui/content/metadata';

/** /dirigeants/article/{slug}: a static segment, so the director profile route does not take it. */
export const dynamicParams = false;
export function generateStaticParams() {
  return articlesFor('dirigeants').map((e) => ({ slug: e.slug }));
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props) {
  const e = entry('articles', 'dirigeants', (await params).slug);
  return e ? entryMetadata(urlOf('articles', e), e) : {};
}

export default async function DirectorArticlePage({ params }: Props) {
  return <ServiceArticle servicePath="dirigeants" slug={(await params).slug} />;
}
