/**
 * The JSON shapes of the API (spec section 7): answers wrapped as `{ data: { data } }`, errors as
 * `{ error: { code, message } }` with a French message. Every route handler builds its bodies here.
 */
export type ApiError = { code: string; message: string };

export function dataEnvelope<T>(data: T): { data: { data: T } } {
  return { data: { data } };
}
