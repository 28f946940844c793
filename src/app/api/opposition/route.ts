import { revalidatePath, revalidateTag } from 'next/cache';
import { getDb } from '@/db';
import { dataEnvelope, errorEnvelope } from '@/lib/api-envelope';
import { COMPANY_PAGES_TAG } from '@/registry/cache';
import { createOppositionRequest } from '@/registry/opposition';

export const dynamic = 'force-dynamic';

/**
 * POST an opposition request, as JSON (API) or as the /opposition form (no JavaScript needed:
 * the form gets a 303 back to the page with the outcome).
 */
export async function POST(req: Request) {
  const type = req.headers.get('content-type') ?? '';
  const isForm =
    type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');
  let raw: unknown;
  try {
    raw = isForm ? Object.fromEntries(await req.formData()) : await req.json();
  } catch {
    return Response.json(errorEnvelope({ code: 'INVALID_INPUT', message: 'Demande illisible.' }), {
      status: 400,
    });
  }
  const result = await createOppositionRequest(getDb(), raw).catch(() => null);
  if (result?.ok) {
    // Honoured at once: every cached company page is dropped, not merely marked stale (a person's
    // data spans companies, and a stale page would still be served once). The next request for a
    // page renders it again from the database, which now applies the opposition.
    revalidateTag(COMPANY_PAGES_TAG, { expire: 0 });
    revalidatePath('/entreprises/[siren]/[companyName]', 'page');
  }
  if (isForm) {
    const back = new URL('/opposition', req.url);
    if (result?.ok) back.searchParams.set('envoye', '1');
    else
      back.searchParams.set(
        'erreur',
        result ? result.message : 'Service momentanément indisponible.',
      );
    return Response.redirect(back, 303);
  }
  if (!result) {
    return Response.json(
      errorEnvelope({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Service momentanément indisponible.',
      }),
      { status: 503 },
    );
  }
  return result.ok
    ? Response.json(dataEnvelope({ id: result.id, status: 'received' }), { status: 201 })
    : Response.json(errorEnvelope(result), { status: 400 });
}
