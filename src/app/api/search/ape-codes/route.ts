import { success } from '@/lib/errors';
import { respond } from '@/lib/http/answer';
import { allNafSections, apeCodes } from '@/domain/reference/naf';

export const dynamic = 'force-static';

export function GET(): Response {
  return respond(success({ sections: allNafSections(), codes: apeCodes() }));
}
