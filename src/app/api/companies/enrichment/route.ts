import { enrichFile } from '@/api-access/handlers';

export const dynamic = 'force-dynamic';

/** An uploaded CSV or XLSX list of SIRENs, answered enriched as CSV or XLSX. */
export function POST(req: Request) {
  return enrichFile(req);
}
