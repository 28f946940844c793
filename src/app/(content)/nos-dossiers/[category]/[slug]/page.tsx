import { notFound } from 'next/navigation';
import { ArticlePage, articleMetadata, articleParams, findArticle } from '@/ui/content/ArticlePage';

export const dynamicParams = false;
export const generateStaticParams = () => articleParams('dossiers');

type Props = { params: Promise<{ category: string; slug: string }> };
const find = async ({ params }: Props) => {
  const p = await params;
  return findArticle('dossiers', p.category, p.slug);
};

export const generateMetadata = async (props: Props) => articleMetadata(await find(props));

export default async function Guide(props: Props) {
  const found = await find(props);
  if (!found) notFound();
  return <ArticlePage {...found} />;
}
