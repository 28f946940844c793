import { batchLookup } from '@/api-access/handlers';

export const dynamic = 'force-dynamic';

/** Up to 1,000 companies by SIREN, streamed (JSON or NDJSON). */
export function POST(req: Request) {
  return batchLookup(req);
}
