/**
 * Personal pages (account, payment, orders, login, register, password reset…) were static shells
 * that Next sent with `Cache-Control: s-maxage=31536000`: a CDN or the front page cache would keep
 * and share them for a year. Each must be rendered per request, so that Next answers
 * `private, no-store` (e2e/cache-control.e2e.ts checks the real server's answers). Company pages
 * may be served stale by a CDN for at most a day after an opposition (next.config.ts `expireTime`).
 * And /.well-known/security.txt follows SITE_URL and the clock at run time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '@/config/env';
import { noIndexPrefixes } from '@/ui/frame/rules';
import { securityTxt } from '@/seo/security-txt';
import * as securityTxtRoute from '@/app/.well-known/security.txt/route';

/** Every page.tsx under src/app with its URL path (route groups left out). */
function pages(dir = path.resolve('src/app'), url = ''): Array<{ file: string; url: string }> {
  const out: Array<{ file: string; url: string }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const segment = /^\(.*\)$/.test(entry.name) ? '' : `/${entry.name}`;
      out.push(...pages(full, url + segment));
    } else if (entry.name === 'page.tsx') out.push({ file: full, url: url || '/' });
  }
  return out;
}

describe('personal pages are never cached by a shared cache', () => {
  const personal = pages().filter((p) =>
    noIndexPrefixes.some((prefix) => p.url === prefix || p.url.startsWith(`${prefix}/`)),
  );

  it('finds the account, payment and order pages', () => {
    const urls = personal.map((p) => p.url);
    for (const u of ['/mon-compte', '/login', '/register', '/forgot-password', '/payment'])
      expect(urls).toContain(u);
    expect(urls).toContain('/commandes/[id]');
    expect(urls).toContain('/password-reset/[token]');
  });

  it.each(personal)('$url is rendered per request (private, no-store)', ({ file }) => {
    expect(readFileSync(file, 'utf8')).toMatch(/^export const dynamic = 'force-dynamic';$/m);
  });

  it('bounds how long a CDN may serve a page after its render to two days', async () => {
    const { default: config } = await import('../../next.config');
    const resolved = await config('phase-test');
    expect(resolved.expireTime).toBeLessThanOrEqual(2 * 86_400);
    // Company pages revalidate after at least 86,400 s: a stale copy lives a day at most.
    expect(resolved.expireTime! - 86_400).toBeLessThanOrEqual(86_400);
  });
});

describe('/.well-known/security.txt', () => {
  const saved = { SITE_URL: process.env.SITE_URL, SECURITY_CONTACT: process.env.SECURITY_CONTACT };
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvForTests();
  });

  it('takes its URLs from SITE_URL and its contact from the settings, at run time', async () => {
    process.env.SITE_URL = 'https://registre.example';
    process.env.SECURITY_CONTACT = 'securite@registre.example';
    resetEnvForTests();
    const res = securityTxtRoute.GET();
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('Contact: mailto:securite@registre.example\n');
    expect(text).toContain('Canonical: https://registre.example/.well-known/security.txt\n');
    expect(text).toContain('Policy: https://registre.example/securite\n');
    expect(text).toContain('Preferred-Languages: fr, en\n');
    expect(text).not.toContain('localhost');
  });

  it('expires less than a year ahead of the request, whenever it is asked', () => {
    const now = new Date('2031-03-15T10:00:00Z');
    const expires = new Date(/^Expires: (.+)$/m.exec(securityTxt(now))![1]!);
    const days = (expires.getTime() - now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(300);
    expect(days).toBeLessThan(365);
  });
});
