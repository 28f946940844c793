import { success } from '@/lib/errors';
import { respond } from '@/lib/http/answer';
import { frenchDepartments } from '@/domain/reference/departments';

export const dynamic = 'force-static';

export function GET(): Response {
  return respond(success(frenchDepartments()));
}
