import { indexRoute } from '@/app/(registry)/_company/indexRoute';

export const dynamic = 'force-dynamic';

const route = indexRoute('dirigeants', 'departement');
export const generateMetadata = route.generateMetadata;
export default route.Page;
