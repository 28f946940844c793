import { jsonData } from '@/web/search-http';
import { apeCodes, nafSectionsList } from '@/search/labels';

export const dynamic = 'force-static';

export function GET(): Response {
  return jsonData({ sections: nafSectionsList(), codes: apeCodes() });
}
