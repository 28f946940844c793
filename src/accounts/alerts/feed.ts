import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { companyPath } from './mailer';

export type FeedEvent = {
  id: number;
  siren: string;
  company_name: string | null;
  kind: string;
  summary: string;
  href: string;
  created_at: string;
};

/** The latest events of the companies a user follows (the /mon-compte feed). */
export async function eventsOf(db: Db, userId: string, limit = 100): Promise<FeedEvent[]> {
  const rows = await queryRows<{
    id: number | string;
    siren: string;
    kind: string;
    details: Record<string, unknown>;
    created_at: string | Date;
    company_name: string | null;
  }>(
    db,
    sql`SELECT e.id, e.siren, e.kind, e.details, e.created_at, c.name AS company_name
        FROM company_events e LEFT JOIN companies c ON c.siren = e.siren
        WHERE e.siren IN (SELECT f.siren FROM followed_companies f
                          JOIN followed_lists l ON l.id = f.list_id WHERE l.user_id = ${userId})
        ORDER BY e.id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    siren: r.siren,
    company_name: r.company_name,
    kind: r.kind,
    summary: typeof r.details.summary === 'string' ? r.details.summary : '',
    href: companyPath(r.siren, r.company_name),
    created_at: new Date(r.created_at).toISOString(),
  }));
}
