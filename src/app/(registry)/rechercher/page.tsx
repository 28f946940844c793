import { generalResultsRoute } from '@/app/(registry)/_search/CompanyResults';

/** Same results as /resultats (both paths exist in the spec); the form stays on this path. */
const route = generalResultsRoute('/rechercher');

export const dynamic = 'force-dynamic';
export const generateMetadata = route.generateMetadata;
export default route.Page;
