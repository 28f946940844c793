import { generalResultsRoute } from '@/app/(registry)/_search/CompanyResults';

const route = generalResultsRoute('/resultats');

export const dynamic = 'force-dynamic';
export const generateMetadata = route.generateMetadata;
export default route.Page;
