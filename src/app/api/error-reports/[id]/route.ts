import { checkCsrf, requireOperator } from '@/accounts/session';
import { getDb } from '@/db';
import { REPORT_DECISIONS, type ReportDecision } from '@/domain/error-reports';
import { errorResponse, respond } from '@/lib/http/answer';
import { success, failure } from '@/lib/errors';
import { DEFAULT_BODY_CAP, readFields } from '@/lib/http/body';
import { decideErrorReport } from '@/error-reports/reports';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ id: string }> };

/**
 * POST /api/error-reports/{id} `{ decision: "resolved" | "rejected", reply }`: an operator closes
 * an open report from the operators' page (/mon-compte/signalements), as `npm run ops --
 * reports:resolve|reject` does; the reporter is mailed the reply. Operators only (anyone else:
 * 404), with the XSRF token; a report already closed: 409.
 */
export async function POST(req: Request, ctx: Ctx) {
  const csrf = checkCsrf(req);
  if (!csrf.ok) return errorResponse(csrf);
  const operator = await requireOperator(req);
  if (!operator.ok) return errorResponse(operator);
  const raw = (await ctx.params).id;
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (!id) return errorResponse(failure('NOT_FOUND', `Aucun signalement n° ${raw.slice(0, 20)}.`));
  const body = await readFields(req, DEFAULT_BODY_CAP);
  if (!body.ok)
    return errorResponse(
      body.code === 'PAYLOAD_TOO_LARGE' ? body : failure('INVALID_INPUT', 'Décision illisible.'),
    );
  const decision = body.value.decision;
  if (!REPORT_DECISIONS.includes(decision as ReportDecision))
    return errorResponse(
      failure('VALIDATION_FAILED', 'Choisissez « corrigé » ou « refusé ».', {
        fields: { decision: ['La décision est « resolved » (corrigé) ou « rejected » (refusé).'] },
      }),
    );
  const reply = typeof body.value.reply === 'string' ? body.value.reply.trim() : '';
  if (!reply)
    return errorResponse(
      failure('VALIDATION_FAILED', 'Écrivez la réponse envoyée au déclarant.', {
        fields: { reply: ['Écrivez la réponse envoyée au déclarant.'] },
      }),
    );
  const r = await decideErrorReport(
    getDb(),
    id,
    decision as ReportDecision,
    `operator:${operator.value.email}`,
    reply,
  );
  if (!r.ok)
    return errorResponse(
      r.code === 'VALIDATION_FAILED' ? { ...r, fields: { reply: [r.message] } } : r,
    );
  return respond(success(r.value), { headers: { 'Cache-Control': 'no-store' } });
}
