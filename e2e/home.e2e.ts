import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from './browser';

describe('home page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('renders in French', async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl());
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.close();
  });
});
