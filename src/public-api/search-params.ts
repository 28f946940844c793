/**
 * Request parsing shared by the /api/search route handlers; their answers go through the one
 * adapter (src/lib/http/answer.ts): failures as `{ error: { code, message } }` with the status
 * `src/lib/errors.ts` gives their code (4xx for bad input), never a stack trace.
 */
import { failure, type Failure } from '@/lib/errors';

export const UNAVAILABLE: Failure = failure('SEARCH_UNAVAILABLE');

/** `page`: absent means 1; anything but a plain positive integer is an error. */
export function parsePageParam(raw: string | null, max: number): number | Failure {
  if (raw === null || raw === '') return 1;
  if (!/^\d{1,6}$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > max) {
    return failure('INVALID_PAGE', `La page doit être un nombre entier entre 1 et ${max}.`);
  }
  return Number(raw);
}

/** The `hide-financial-data` header: present and not "false"/"0" means hide. */
export function wantsFinancialDataHidden(headers: Headers): boolean {
  const v = headers.get('hide-financial-data');
  if (v === null) return false;
  return !['false', '0', 'no'].includes(v.trim().toLowerCase());
}

export { isFailure } from '@/lib/errors';
