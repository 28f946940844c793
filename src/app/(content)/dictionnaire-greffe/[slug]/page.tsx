import { notFound } from 'next/navigation';
import { ArticlePage, articleMetadata, articleParams, findArticle } from '@/ui/content/ArticlePage';

export const dynamicParams = false;
export const generateStaticParams = () =>
  articleParams('dictionnaire').map(({ slug }) => ({ slug }));

type Props = { params: Promise<{ slug: string }> };
const find = async ({ params }: Props) => findArticle('dictionnaire', null, (await params).slug);

export const generateMetadata = async (props: Props) => articleMetadata(await find(props));

export default async function DictionaryTerm(props: Props) {
  const found = await find(props);
  if (!found) notFound();
  return <ArticlePage {...found} />;
}
