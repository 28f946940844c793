import { getReadDb } from '@/db';
import { idccOfSiren, safely } from '@/drop-in/admin';

export const dynamic = 'force-dynamic';

/** The government's `/idcc/{siren}`: the company's SIRETs per collective agreement. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ siren: string }> },
): Promise<Response> {
  const { siren } = await params;
  return safely(() => idccOfSiren(getReadDb(), siren));
}
