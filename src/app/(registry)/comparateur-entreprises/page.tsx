import { comparisonRoute } from '@/app/(registry)/_company/comparisonRoute';

export const dynamic = 'force-dynamic';

const route = comparisonRoute();
export const generateMetadata = route.generateMetadata;
export default route.Page;
