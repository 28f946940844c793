import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { CaptchaChallenge } from '../src/lib/captcha/protocol';
import { solveForTest } from '../src/lib/captcha/testing';
import { confirmationPath, waitForMailTo } from './mail';
import { baseUrl, launchBrowser, storeEssentialConsent } from './browser';

/**
 * The company page is served from Next's page cache (ISR, spec section 9 revalidation), with a
 * static frame: what depends on the visitor (consent, contact host) is settled in the browser,
 * and a confirmed opposition request empties the cache at once.
 */
const url = (path: string) => new URL(path, baseUrl()).toString();

async function fetchUntilCached(path: string): Promise<Response> {
  // The first request renders the page (MISS); a later one must come from the cache.
  let res = await fetch(url(path));
  for (let i = 0; i < 3 && res.headers.get('x-nextjs-cache') !== 'HIT'; i++) {
    await res.arrayBuffer();
    res = await fetch(url(path));
  }
  return res;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('company page cache', () => {
  it('serves Danone from the page cache, revalidated after 86,400-129,600 s', async () => {
    const res = await fetchUntilCached('/entreprises/552032534/danone');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-nextjs-cache')).toBe('HIT');
    const maxAge = Number(/s-maxage=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(86_400);
    expect(maxAge).toBeLessThanOrEqual(129_600);
    const html = await res.text();
    expect(html).toContain('FR27552032534');
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/entreprises\/552032534\/danone"/);
  });

  it('still redirects a wrong slug (308) and reads the establishments filter live', async () => {
    const wrong = await fetch(url('/entreprises/552032534/autre-nom'), { redirect: 'manual' });
    expect(wrong.status).toBe(308);
    expect(wrong.headers.get('location')).toMatch(/\/entreprises\/552032534\/danone$/);
    const kept = await fetch(url('/entreprises/552032534/autre-nom?etablissements=closed'), {
      redirect: 'manual',
    });
    expect(kept.status).toBe(308);
    expect(kept.headers.get('location')).toMatch(/\/danone\?etablissements=closed$/);
    const filtered = await fetch(url('/entreprises/356000000/la-poste?etablissements=closed'));
    expect(filtered.status).toBe(200);
    // Rendered for this query, not the cached page of every query.
    expect(filtered.headers.get('x-nextjs-cache')).toBeNull();
    const html = await filtered.text();
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/la-poste"/);
    expect(html).toMatch(/aria-current="page"[^>]*>Fermés/);
  });

  it('shows the consent banner to a new visitor only, on the same cached page', async () => {
    await fetchUntilCached('/entreprises/552032534/danone');
    const fresh = await browser.newContext();
    const newcomer = await fresh.newPage();
    await newcomer.goto(url('/entreprises/552032534/danone'));
    expect(await newcomer.isVisible('[data-testid="consent-banner"]')).toBe(true);
    await fresh.close();
    const returning = await browser.newContext();
    await storeEssentialConsent(returning);
    const page = await returning.newPage();
    await page.goto(url('/entreprises/552032534/danone'));
    // The head script marked the stored choice, which hides the banner before React runs.
    expect(await page.getAttribute('html', 'data-consent-stored')).toBe('');
    expect(await page.isVisible('[data-testid="consent-banner"]')).toBe(false);
    // The counters come from the API once the page is shown.
    await page.waitForSelector('[data-testid="top-bar-stats"] [data-stat="searchableSiret"]');
    await returning.close();
  });

  it('keeps serving a person after an opposition request is confirmed: an operator decides first', async () => {
    // A La Poste representative: a person no other e2e file asks to hide.
    const reps = (await (await fetch(url('/api/companies/356000000/representatives'))).json()) as {
      data: { data: { items: Array<{ id: string; kind: string; lastName: string | null }> } };
    };
    const person = reps.data.data.items.find((r) => r.kind === 'person' && r.lastName);
    expect(person).toBeDefined();
    const before = await fetchUntilCached('/entreprises/356000000/la-poste');
    expect(before.headers.get('x-nextjs-cache')).toBe('HIT');
    expect(await before.text()).toContain(person!.lastName!);
    // The opposition API asks for a solved captcha; the solver is the test helper.
    const email = `cache-${Date.now().toString(36)}@exemple.fr`;
    const challenge = (await (await fetch(url('/api/captcha'))).json()) as {
      data: { data: CaptchaChallenge };
    };
    const form = new FormData();
    form.set('kind', 'person');
    form.set('directorId', person!.id);
    form.set('email', email);
    form.set('captcha', await solveForTest(challenge.data.data));
    form.set('document', new Blob(['%PDF-1.4\nidentite\n']), 'identite.pdf');
    const opposition = await fetch(url('/api/opposition'), {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: form,
    });
    expect(opposition.status).toBe(202);
    // Confirmed by its requester with the mailed link: it waits for an operator.
    const token = new URLSearchParams(
      confirmationPath(await waitForMailTo(email)).split('?')[1],
    ).get('jeton');
    const confirmed = await fetch(url('/api/opposition/confirmation'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(await confirmed.json()).toMatchObject({
      data: { data: { status: 'awaiting_review' } },
    });
    // Nothing is hidden before an operator accepts (src/security/opposition.test.ts); the
    // decision's purge goes through the change feed (e2e/change-feed.e2e.ts).
    const after = await fetch(url('/entreprises/356000000/la-poste'));
    expect(after.status).toBe(200);
    expect(await after.text()).toContain(person!.lastName!);
  });
});
