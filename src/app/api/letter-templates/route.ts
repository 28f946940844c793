import { listLetterTypes } from '@/documents/api';
import { dataEnvelope } from '@/lib/api-envelope';

/** The letter types of the `letters` kind (spec section 7). Static: the templates ship with the code. */
export function GET(): Response {
  return Response.json(dataEnvelope(listLetterTypes()), {
    headers: { 'Cache-Control': 'public, max-age=3600' },
  });
}
