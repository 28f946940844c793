/**
 * `GET /api/search/companies/export?format=csv|xlsx&colonnes=…&limite=…` plus the results page's
 * own parameters (query and filters, read by `parseCompanySearchParams`, the results API's reader).
 *
 * Signed in: up to EXPORT_MAX_ROWS rows (`export-user` limit per account); without an account:
 * up to EXPORT_ANONYMOUS_MAX_ROWS rows (`export-address` per client address). `X-Total-Rows`
 * gives the number of data rows the file will hold before the first byte, so the browser can show
 * progress (it counts the CSV's lines, or estimates an XLSX from its bytes).
 */
import type { Db } from '@/db/client';
import { readSession } from '@/accounts/session';
import { failure, type Failure } from '@/lib/errors';
import { clientAddress } from '@/lib/http/client';
import { logFailure } from '@/lib/log';
import { consume } from '@/lib/rate-limit';
import {
  EXPORT_ANONYMOUS_MAX_ROWS,
  EXPORT_FORMATS,
  EXPORT_MAX_ROWS,
  parseExportColumns,
  exportStream,
  prepareExport,
  unknownColumn,
  type ExportColumnName,
  type ExportFormat,
} from '@/search/export';
import { TABULAR_TYPES } from '@/lib/tabular/write';
import { parseCompanySearchParams } from './search-handlers';
import { errorResponse } from '@/lib/http/answer';
import { isFailure, UNAVAILABLE } from './search-params';

/** Parameters the export reads besides the results page's. */
export const EXPORT_PARAMS = { format: 'format', columns: 'colonnes', limit: 'limite' } as const;

export type ExportRequest = {
  format: ExportFormat;
  columns: ExportColumnName[];
  limit: number;
};

/** Reads format, columns and limit; `maxRows` is the caller's ceiling (signed in or not). */
export function parseExportRequest(
  params: URLSearchParams,
  maxRows: number,
): ExportRequest | Failure {
  const format = (params.get(EXPORT_PARAMS.format) ?? 'csv').trim().toLowerCase();
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    return failure('INVALID_EXPORT', 'Paramètre « format » : choisissez « csv » ou « xlsx ».');
  const columns = parseExportColumns(params.get(EXPORT_PARAMS.columns));
  if (typeof columns === 'string') return unknownColumn(columns);
  const rawLimit = params.get(EXPORT_PARAMS.limit);
  let limit = maxRows;
  if (rawLimit !== null && rawLimit !== '') {
    if (!/^\d{1,9}$/.test(rawLimit.trim()) || Number(rawLimit) < 1)
      return failure(
        'INVALID_EXPORT',
        'Paramètre « limite » : un nombre entier de lignes, 1 au moins.',
      );
    limit = Number(rawLimit);
    if (limit > EXPORT_MAX_ROWS)
      return failure(
        'EXPORT_LIMIT_EXCEEDED',
        `Paramètre « limite » : l’export est limité à ${EXPORT_MAX_ROWS.toLocaleString('fr-FR')} lignes.`,
      );
    if (limit > maxRows)
      return failure(
        'EXPORT_LIMIT_EXCEEDED',
        `Paramètre « limite » : sans compte, l’export est limité à ${maxRows} lignes ; connectez-vous pour en exporter jusqu’à ${EXPORT_MAX_ROWS.toLocaleString('fr-FR')}.`,
      );
  }
  return { format: format as ExportFormat, columns, limit };
}

function fileName(format: ExportFormat, now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `entreprises-${stamp}.${format}`;
}

export async function handleCompanyExport(db: Db, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  try {
    const session = await readSession(request, db);
    const maxRows = session ? EXPORT_MAX_ROWS : EXPORT_ANONYMOUS_MAX_ROWS;
    const exp = parseExportRequest(params, maxRows);
    if (isFailure(exp)) return errorResponse(exp);
    const search = parseCompanySearchParams(params, request.headers);
    if (isFailure(search)) return errorResponse(search);
    const limited = session
      ? await consume('export-user', session.user.id)
      : await consume('export-address', clientAddress(request));
    if (!limited.ok) return errorResponse(limited);
    const prepared = await prepareExport(db, search, exp.limit);
    if (!prepared.ok) return errorResponse(prepared);
    const now = new Date();
    const body = exportStream(exp.format, exp.columns, prepared.value.batches);
    const headers = new Headers({
      'Content-Type': TABULAR_TYPES[exp.format],
      'Content-Disposition': `attachment; filename="${fileName(exp.format, now)}"`,
      'Cache-Control': 'private, no-store',
      'X-Total-Rows': String(prepared.value.total),
      'X-Row-Limit': String(exp.limit),
      'Access-Control-Expose-Headers': 'X-Total-Rows, X-Row-Limit',
    });
    for (const c of session?.refreshCookies ?? []) headers.append('Set-Cookie', c);
    return new Response(body, { status: 200, headers });
  } catch (error) {
    logFailure('export', error);
    return errorResponse(UNAVAILABLE);
  }
}
