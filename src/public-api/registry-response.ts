import 'server-only';
import { apiHeaders, SOURCE_UNAVAILABLE, type ApiResult } from './registry-handlers';

/** JSON answer; success cached 5 minutes (spec section 9, data cache time). */
export function json(result: ApiResult): Response {
  return Response.json(result.body, {
    status: result.status,
    headers: apiHeaders(result.status),
  });
}

export function serverError(): Response {
  return json(SOURCE_UNAVAILABLE);
}
