import { indexRoute } from '@/app/(registry)/_company/indexRoute';

export const dynamic = 'force-dynamic';

const route = indexRoute('dirigeants', 'secteur');
export const generateMetadata = route.generateMetadata;
export default route.Page;
