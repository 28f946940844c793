import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';

/**
 * The rule of src/app/README.md ("Personal data and shared caches"): the shared caches (the
 * front page cache, Next's page cache) never hold anything that depends on a cookie or a user.
 * A cached company page is the same bytes for everyone and never sets a cookie; what is personal
 * loads in the browser afterwards.
 */
const url = (path: string) => new URL(path, baseUrl()).toString();

const visitors = {
  anonymous: {},
  alice: { cookie: 'better-auth.session_token=visiteur-alice-7f3a; registre_consent=all' },
  bob: { cookie: 'better-auth.session_token=visiteur-bob-9c1e; registre_consent=essential' },
} as const;

async function cachedPage(path: string, headers: Record<string, string>) {
  // The first request may render the page (MISS); a later one must come from a cache.
  let res = await fetch(url(path), { headers });
  for (let i = 0; i < 3 && res.headers.get('x-nextjs-cache') !== 'HIT'; i++) {
    await res.arrayBuffer();
    res = await fetch(url(path), { headers });
  }
  return { res, body: await res.text() };
}

describe('personal data and shared caches', () => {
  for (const path of ['/entreprises/552032534/danone', '/entreprises/356000000/la-poste']) {
    it(`serves ${path} from the cache identically to visitors with different cookies`, async () => {
      const answers = [];
      for (const headers of Object.values(visitors)) answers.push(await cachedPage(path, headers));
      // Twice for the first visitor: the second answer may come from the front page cache.
      answers.push(await cachedPage(path, visitors.alice));
      for (const { res } of answers) {
        expect(res.status).toBe(200);
        expect(res.headers.get('x-nextjs-cache')).toBe('HIT');
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(res.headers.get('cache-control')).not.toMatch(/private/);
      }
      const [first, ...others] = answers.map((a) => a.body);
      for (const body of others) expect(body).toBe(first);
      expect(first).not.toMatch(/visiteur-(alice|bob)/);
    });
  }
});
