import { notFound } from 'next/navigation';
import { ArticlePage, articleMetadata, articleParams, findArticle } from '@/ui/content/ArticlePage';

export const dynamicParams = false;
export const generateStaticParams = () =>
  articleParams('creation').map(({ slug }) => ({ companyType: slug }));

type Props = { params: Promise<{ companyType: string }> };
const find = async ({ params }: Props) => findArticle('creation', null, (await params).companyType);

export const generateMetadata = async (props: Props) => articleMetadata(await find(props));

export default async function CreationGuide(props: Props) {
  const found = await find(props);
  if (!found) notFound();
  return <ArticlePage {...found} />;
}
