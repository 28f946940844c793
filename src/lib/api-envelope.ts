/**
 * The JSON shape of the API's answers (spec section 7): wrapped as `{ data: { data } }`. Errors are
 * `{ error: { code, message } }` with a French message, built by `errorResponse` (src/lib/errors.ts).
 */

export function dataEnvelope<T>(data: T): { data: { data: T } } {
  return { data: { data } };
}
