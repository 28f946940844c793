import { checkCsrf, requireOperator } from '@/accounts/session';
import { getDb } from '@/db';
import { REPORT_STATES, type ReportState } from '@/domain/error-reports';
import { CAPTCHA_FIELD } from '@/lib/captcha/field';
import { verifyCaptcha } from '@/lib/captcha/server';
import { errorResponse, respond } from '@/lib/http/answer';
import { success, failure, type ErrorCode } from '@/lib/errors';
import { DEFAULT_BODY_CAP, readFields } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client';
import { logFailure } from '@/lib/log';
import { consume } from '@/lib/rate-limit';
import { listErrorReports, submitErrorReport } from '@/error-reports/reports';

export const dynamic = 'force-dynamic';

/**
 * POST /api/error-reports (JSON or form fields), « Signaler une erreur » of the company page:
 * from this site only, with the XSRF token (a visitor's token without a session is taken), limited
 * per client address, captcha checked and spent, then validated and stored
 * (src/error-reports), the body capped at 16 KB (a message is 2,000 characters at most). 201 with the report's state and who corrects the data, and how.
 */
export async function POST(req: Request) {
  const csrf = checkCsrf(req, { anonymousForm: true });
  if (!csrf.ok) return errorResponse(csrf);
  const limited = await consume('error-report-address', clientAddress(req));
  if (!limited.ok) return errorResponse(limited);
  const body = await readFields(req, DEFAULT_BODY_CAP);
  if (!body.ok)
    return errorResponse(
      body.code === 'PAYLOAD_TOO_LARGE' ? body : failure('INVALID_INPUT', 'Signalement illisible.'),
    );
  const captcha = await verifyCaptcha(body.value[CAPTCHA_FIELD]);
  if (!captcha.ok) return errorResponse(failure(captcha.code as ErrorCode, captcha.message));
  const result = await submitErrorReport(getDb(), body.value).catch((e: unknown) => {
    logFailure('error-reports: submit failed', e);
    return failure(
      'SERVICE_UNAVAILABLE',
      'Votre signalement n’a pas pu être enregistré : réessayez.',
    );
  });
  if (!result.ok) return errorResponse(result);
  return respond(success(result.value), {
    status: 201,
    headers: { 'Cache-Control': 'no-store' },
  });
}

/** GET /api/error-reports?status=open: the reports of one state, for operators only. */
export async function GET(req: Request) {
  const operator = await requireOperator(req);
  if (!operator.ok) return errorResponse(operator);
  const status = new URL(req.url).searchParams.get('status') ?? 'open';
  if (!REPORT_STATES.includes(status as ReportState))
    return errorResponse(
      failure(
        'INVALID_INPUT',
        `État inconnu : ${status.slice(0, 40)} (${REPORT_STATES.join(', ')}).`,
      ),
    );
  const reports = await listErrorReports(getDb(), { status: status as ReportState });
  return respond(success(reports), {
    headers: { 'Cache-Control': 'private, no-store' },
  });
}
