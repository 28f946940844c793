/**
 * The client's address, as the web server (scripts/serve.ts) established it from the socket (or
 * from `X-Forwarded-For` behind `TRUST_PROXY_HOPS` proxies) and put in `x-client-address`,
 * overwriting whatever the client sent. Rate limits count per address.
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

export function clientAddress(req: Request): string {
  return req.headers.get(CLIENT_ADDRESS_HEADER)?.slice(0, 64) || 'unknown';
}

/** From the socket's peer and the forwarded chain: the address `hops` proxies vouch for. */
export function addressOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string {
  if (hops > 0 && forwardedFor) {
    const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Each trusted proxy appended the address it saw: the `hops`-th from the end is the client.
    const vouched = chain[chain.length - hops];
    if (vouched) return vouched;
  }
  return peer ?? 'unknown';
}
