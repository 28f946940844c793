import { getReadDb } from '@/db';
import { getDirectorApi, registryResponse } from '@/public-api/registry-handlers';

export const dynamic = 'force-dynamic';

export async function GET(_req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return registryResponse(getDirectorApi(getReadDb(), id, 'personal'));
}
