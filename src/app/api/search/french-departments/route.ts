import { jsonData } from '@/web/search-http';
import { frenchDepartments } from '@/search/labels';

export const dynamic = 'force-static';

export function GET(): Response {
  return jsonData(frenchDepartments());
}
