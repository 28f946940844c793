import 'server-only';
import { errorEnvelope } from '@/lib/api-envelope';
import type { ApiResult } from './api';

/** JSON answer; success cached 5 minutes (spec section 9, data cache time). */
export function json(result: ApiResult): Response {
  return Response.json(result.body, {
    status: result.status,
    headers: {
      'Cache-Control':
        result.status === 200 ? 'public, max-age=300, s-maxage=300' : 'public, max-age=60',
    },
  });
}

export function serverError(): Response {
  return Response.json(
    errorEnvelope({
      code: 'SOURCE_UNAVAILABLE',
      message: 'Les données sont momentanément indisponibles.',
    }),
    { status: 503 },
  );
}
