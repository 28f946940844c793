/**
 * The client's address, the one rule every per-address limit counts by (login, captcha, contact,
 * opposition…). The web server's front door (src/server/front-door.ts, in scripts/serve.ts)
 * establishes it from the socket's peer, or from `X-Forwarded-For` behind `TRUST_PROXY_HOPS`
 * proxies (the entry the last trusted proxy appended, never what the client wrote), and writes it
 * to `x-client-address`, overwriting whatever the client sent, with a seal: a secret drawn once per
 * process and never sent out, so a handler can tell the front door's value from a client's.
 *
 * Without the front door (`next dev`, `next start`, a handler called directly) the header is the
 * client's own and is not read: the socket is unknown there, so only an address appended by the
 * trusted proxies counts, and with `TRUST_PROXY_HOPS=0` every client shares one key (the limits
 * then hold for everyone together rather than for no one).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { getEnv } from '@/config/env';

export const CLIENT_ADDRESS_HEADER = 'x-client-address';
const SEAL_HEADER = 'x-client-address-seal';

/** The key of every client whose address cannot be known (no front door, no trusted proxy). */
export const UNKNOWN_ADDRESS = 'unknown';

const state = globalThis as unknown as { __clientAddressSeal?: string };
const seal = () => (state.__clientAddressSeal ??= randomBytes(24).toString('base64url'));

/** Just the part of a request this module reads (a Fetch `Request` or an `ApiRequest`). */
type WithHeaders = { readonly headers: { get(name: string): string | null } };

/**
 * The front door: the client's address of a request, written over whatever the client sent, and
 * sealed (the seal of a client is overwritten too).
 */
export function establishClientAddress(
  headers: IncomingHttpHeaders,
  peer: string | undefined,
  trustProxyHops: number,
): void {
  headers[CLIENT_ADDRESS_HEADER] = addressOf(peer, headers['x-forwarded-for'], trustProxyHops);
  headers[SEAL_HEADER] = seal();
}

/** The headers the front door writes for `address`: for tests that call a handler directly. */
export function frontDoorAddressHeaders(address: string): Record<string, string> {
  return { [CLIENT_ADDRESS_HEADER]: address, [SEAL_HEADER]: seal() };
}

function sealed(given: string | null): boolean {
  const own = state.__clientAddressSeal;
  if (!given || !own) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(own);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The key of the per-address limits for this request (see the module's comment). */
export function clientAddress(req: WithHeaders): string {
  if (sealed(req.headers.get(SEAL_HEADER)))
    return req.headers.get(CLIENT_ADDRESS_HEADER)?.slice(0, 64) || UNKNOWN_ADDRESS;
  return addressOf(
    undefined,
    req.headers.get('x-forwarded-for') ?? undefined,
    getEnv().TRUST_PROXY_HOPS,
  ).slice(0, 64);
}

/**
 * From the socket's peer and the forwarded chain: the address `hops` proxies vouch for. Each
 * trusted proxy appends the address it saw, so the `hops`-th entry from the end is the client;
 * what lies before it was written by the client and is never read.
 */
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
    const vouched = chain[chain.length - hops];
    if (vouched) return vouched;
  }
  return peer || UNKNOWN_ADDRESS;
}
