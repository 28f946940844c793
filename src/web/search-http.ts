/**
 * Request parsing and JSON answers shared by the /api/search route handlers: the `data.data`
 * wrapping, errors as `{ error: { code, message } }` with a 4xx status, never a stack trace.
 */
import { dataEnvelope, errorEnvelope, type ApiError } from '@/lib/api-envelope';

export type { ApiError };

export function jsonData(data: unknown, init?: ResponseInit): Response {
  return Response.json(dataEnvelope(data), init);
}

export function jsonError(error: ApiError, status = 400): Response {
  return Response.json(errorEnvelope(error), { status });
}

export const UNAVAILABLE: ApiError = {
  code: 'SEARCH_UNAVAILABLE',
  message: 'La recherche est momentanément indisponible. Réessayez dans quelques instants.',
};

/** `page`: absent means 1; anything but a plain positive integer is an error. */
export function parsePageParam(raw: string | null, max: number): number | ApiError {
  if (raw === null || raw === '') return 1;
  if (!/^\d{1,6}$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > max) {
    return {
      code: 'INVALID_PAGE',
      message: `La page doit être un nombre entier entre 1 et ${max}.`,
    };
  }
  return Number(raw);
}

export function parsePerPageParam(raw: string | null, max: number): number | ApiError {
  if (raw === null || raw === '') return max;
  if (!/^\d{1,3}$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > max) {
    return {
      code: 'INVALID_PER_PAGE',
      message: `Le nombre de résultats par page va de 1 à ${max}.`,
    };
  }
  return Number(raw);
}

/** The `hide-financial-data` header: present and not "false"/"0" means hide. */
export function wantsFinancialDataHidden(headers: Headers): boolean {
  const v = headers.get('hide-financial-data');
  if (v === null) return false;
  return !['false', '0', 'no'].includes(v.trim().toLowerCase());
}

export function isApiError(v: unknown): v is ApiError {
  return typeof v === 'object' && v !== null && 'code' in v && 'message' in v;
}
