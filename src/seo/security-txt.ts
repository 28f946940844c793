import { getEnv, siteOrigin } from '@/config/env';

/**
 * /.well-known/security.txt (RFC 9116), built per request so that its URLs come from SITE_URL and
 * its contact from the settings at run time, and its Expires stays about a year ahead (the RFC
 * asks for less than a year; a file prerendered at build time would expire with that build).
 */

/** The security contact as a URI: SECURITY_CONTACT (an address or an https URL), else SUPPORT_EMAIL. */
export function securityContact(): string {
  const env = getEnv();
  const contact = env.SECURITY_CONTACT ?? env.SUPPORT_EMAIL;
  return contact.startsWith('https://') ? contact : `mailto:${contact}`;
}

const DAY_MS = 86_400_000;

export function securityTxt(now = new Date()): string {
  const origin = siteOrigin();
  // 360 days: within the RFC's "less than a year", renewed on every request.
  const expires = new Date(now.getTime() + 360 * DAY_MS);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    `Contact: ${securityContact()}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    'Preferred-Languages: fr, en',
    `Canonical: ${origin}/.well-known/security.txt`,
    `Policy: ${origin}/securite`,
    '',
  ].join('\n');
}
