import { describe, expect, it } from 'vitest';
import { apiSiteForFile } from '@/testing/api-site';
import { TABLE_LIMITS } from '@/lib/tabular/xlsx-read';
import { sheetBomb } from '@/lib/tabular/zip-bombs';

/**
 * Rule « uploaded files are read under hard limits » (docs/SECURITY.md, V5): issue 36's attack
 * replayed through the web server's pipeline (front door, API gate, then the route modules Next.js
 * calls): anonymous enrichment uploads of XLSX files whose sheet inflates far past what they
 * declare, sent together; each is refused with a JSON error in French, and the server serves the
 * next request.
 */
const site = apiSiteForFile();

let seq = 10;
const upload = (bytes: Uint8Array) =>
  fetch(`${site.base()}/api/companies/enrichment?format=csv`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      'x-forwarded-for': `203.0.113.${seq++}`,
    },
    body: new Uint8Array(bytes),
  });

describe('a zip bomb in the enrichment upload', () => {
  it('is refused (413, JSON in French) without a key, three at once, and the server answers after', async () => {
    const bomb = await sheetBomb(TABLE_LIMITS.partBytes + 4 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const answers = await Promise.all([upload(bomb), upload(bomb), upload(bomb)]);
    for (const res of answers) {
      expect(res.status).toBe(413);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(body.error.message).toMatch(/trop volumineux pour être lu/);
    }
    const after = await fetch(`${site.base()}/api/companies/552032534`, {
      headers: { 'x-forwarded-for': `203.0.113.${seq++}` },
    });
    expect(after.status).toBe(200);
  });

  it('is refused (422) when its headers lie about the sizes', async () => {
    const res = await upload(await sheetBomb(TABLE_LIMITS.partBytes + 4 * 1024 * 1024, 1024));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /illisible/,
    );
  });
});
