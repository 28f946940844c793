import { jsonData } from '@/public-api/search-params';
import { frenchDepartments } from '@/domain/reference/departments';

export const dynamic = 'force-static';

export function GET(): Response {
  return jsonData(frenchDepartments());
}
