import { describe, expect, it } from 'vitest';
import {
  PROGRESS_HEIGHT_PX,
  PROGRESS_START,
  PROGRESS_STOP_DELAY_MS,
  startsNavigation,
} from './progress';

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
const link = (href: string, extra: Partial<{ target: string; hasDownload: boolean }> = {}) => ({
  href,
  target: '',
  hasDownload: false,
  ...extra,
});
const here = 'https://registre.fr/extrait-kbis?q=a';

describe('route progress bar', () => {
  it('uses the constants of spec section 9', () => {
    expect([PROGRESS_STOP_DELAY_MS, PROGRESS_HEIGHT_PX, PROGRESS_START]).toEqual([200, 3, 0.3]);
  });

  it('starts on a plain click to another page of the site', () => {
    expect(startsNavigation(click, link('/marques'), here)).toBe(true);
    expect(startsNavigation(click, link('/extrait-kbis?q=b'), here)).toBe(true);
  });

  it('does not start for the same page, hashes, other sites, new tabs, downloads or modified clicks', () => {
    expect(startsNavigation(click, link('/extrait-kbis?q=a#faq'), here)).toBe(false);
    expect(startsNavigation(click, link('https://www.sirene.fr/'), here)).toBe(false);
    expect(startsNavigation(click, link('mailto:contact@registre.fr'), here)).toBe(false);
    expect(startsNavigation(click, link('/marques', { target: '_blank' }), here)).toBe(false);
    expect(startsNavigation(click, link('/marques', { hasDownload: true }), here)).toBe(false);
    expect(startsNavigation({ ...click, ctrlKey: true }, link('/marques'), here)).toBe(false);
    expect(startsNavigation({ ...click, button: 1 }, link('/marques'), here)).toBe(false);
  });
});
