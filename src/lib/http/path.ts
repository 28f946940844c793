/**
 * A path parameter as a page receives it from Next.js (percent-encoded), decoded once. A
 * malformed encoding is left as it is, and then matches nothing (a SIREN, an id, a slug): a 404,
 * never a thrown URIError. Route handlers and the server's fast paths get their parameters
 * decoded already: they never call this, nor does any read model (decoding twice would turn
 * `%2535` into `5` and `%25` into an exception).
 */
export function decodePageParam(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}
