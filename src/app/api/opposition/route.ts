import { revalidatePath, revalidateTag } from 'next/cache';
import { getDb } from '@/db';
import { dataEnvelope, errorEnvelope } from '@/lib/api-envelope';
import { CAPTCHA_FIELD } from '@/lib/captcha/protocol';
import { verifyCaptcha } from '@/lib/captcha/server';
import { COMPANY_PAGES_TAG } from '@/registry/cache';
import { createOppositionRequest } from '@/registry/opposition';
import { refreshSearchIndex } from '@/search/indexer';
import { logFailure } from '@/lib/log';

export const dynamic = 'force-dynamic';

/**
 * POST an opposition request, as JSON (API) or as the /opposition form (the form gets a 303 back
 * to the page with the outcome). Both carry a solved captcha (src/lib/captcha) in `captcha`,
 * checked and spent before anything else.
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
  const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const captcha = verifyCaptcha(fields[CAPTCHA_FIELD]);
  if (!captcha.ok) {
    if (isForm) return Response.redirect(formOutcome(req, fields, captcha.message), 303);
    return Response.json(errorEnvelope(captcha), { status: 400 });
  }
  const result = await createOppositionRequest(getDb(), raw).catch(() => null);
  if (result?.ok) {
    // Honoured at once: every cached company page is dropped, not merely marked stale (a person's
    // data spans companies, and a stale page would still be served once). The next request for a
    // page renders it again from the database, which now applies the opposition.
    revalidateTag(COMPANY_PAGES_TAG, { expire: 0 });
    revalidatePath('/entreprises/[siren]/[companyName]', 'page');
    // And out of search at once: the companies' search rows are rebuilt without the hidden data.
    // Should that fail, the request stands and the next index refresh applies it.
    await refreshSearchIndex(getDb(), { changedSirens: result.affectedSirens }).catch((e) =>
      logFailure('opposition: search index refresh failed', e),
    );
  }
  if (isForm) {
    const error = result?.ok ? null : (result?.message ?? 'Service momentanément indisponible.');
    return Response.redirect(formOutcome(req, fields, error), 303);
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

/** Back to the form: success, or the error with the company and director kept in the form. */
function formOutcome(req: Request, fields: Record<string, unknown>, error: string | null): URL {
  const back = new URL('/opposition', req.url);
  if (!error) {
    back.searchParams.set('envoye', '1');
    return back;
  }
  back.searchParams.set('erreur', error);
  if (typeof fields.siren === 'string' && fields.siren.trim())
    back.searchParams.set('siren', fields.siren.trim().slice(0, 20));
  if (typeof fields.directorId === 'string' && fields.directorId)
    back.searchParams.set('dirigeant', fields.directorId.slice(0, 200));
  return back;
}
