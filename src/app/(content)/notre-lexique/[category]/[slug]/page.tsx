import { categorisedArticleRoute } from '@/ui/content/ArticlePage';

const route = categorisedArticleRoute('lexique');

export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
