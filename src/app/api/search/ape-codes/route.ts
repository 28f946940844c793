import { jsonData } from '@/web/search-http';
import { allNafSections, apeCodes } from '@/domain/reference/naf';

export const dynamic = 'force-static';

export function GET(): Response {
  return jsonData({ sections: allNafSections(), codes: apeCodes() });
}
