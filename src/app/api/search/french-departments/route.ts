import { jsonData } from '@/web/search-http';
import { frenchDepartments } from '@/domain/reference/departments';

export const dynamic = 'force-static';

export function GET(): Response {
  return jsonData(frenchDepartments());
}
