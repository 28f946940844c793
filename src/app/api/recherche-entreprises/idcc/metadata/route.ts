import { getReadDb } from '@/db';
import { idccMetadata, safely } from '@/drop-in/admin';

export const dynamic = 'force-dynamic';

/** The government's `/idcc/metadata`: every collective agreement's title. */
export function GET(): Promise<Response> {
  return safely(() => idccMetadata(getReadDb()));
}
