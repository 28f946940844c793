/**
 * The client's address, as the key of a rate limit: the first address of X-Forwarded-For (set by
 * the proxy in front of the site), else X-Real-IP, else one shared key.
 */
export function requestAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || req.headers.get('x-real-ip')?.trim() || 'unknown';
}
