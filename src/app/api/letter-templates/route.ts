import { success } from '@/lib/errors';
import { respond } from '@/lib/http/answer';
import { listLetterTypes } from '@/documents/reads';

/** The letter types of the `letters` kind (spec section 7). Static: the templates ship with the code. */
export function GET(): Response {
  return respond(success(listLetterTypes()), {
    headers: { 'Cache-Control': 'public, max-age=3600' },
  });
}
