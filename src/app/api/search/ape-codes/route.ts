import { jsonData } from '@/public-api/search-params';
import { allNafSections, apeCodes } from '@/domain/reference/naf';

export const dynamic = 'force-static';

export function GET(): Response {
  return jsonData({ sections: allNafSections(), codes: apeCodes() });
}
