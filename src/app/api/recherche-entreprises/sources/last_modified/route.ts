import { getReadDb } from '@/db';
import { safely, sourcesLastModified } from '@/drop-in/admin';

export const dynamic = 'force-dynamic';

/** The government's `/sources/last_modified`: when each source was last imported. */
export function GET(): Promise<Response> {
  return safely(() => sourcesLastModified(getReadDb()));
}
