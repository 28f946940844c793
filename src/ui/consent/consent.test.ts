import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  acceptAll,
  choicesFrom,
  consentBootstrapScript,
  consentSettings,
  consentSignals,
  consentTransition,
  cookieShouldBeSecure,
  initialConsentState,
  readConsentCookie,
  rejectAll,
  serializeConsentCookie,
  type ConsentRecord,
} from './consent';

const allTrue = {
  essentials: true,
  statistics: true,
  marketing: true,
  unknown: true,
  preferences: true,
};

describe('consent cookie', () => {
  it('round-trips through serialize and read', () => {
    const record: ConsentRecord = { ...rejectAll(), statistics: true };
    const assignment = serializeConsentCookie(record, true);
    const pair = assignment.split(';')[0]!;
    expect(readConsentCookie(`other=1; ${pair}; x=2`)).toEqual(record);
  });

  it('lasts one year on path / and is secure when asked', () => {
    const c = serializeConsentCookie(acceptAll(), true);
    expect(c).toMatch(/^consentManager=/);
    expect(c).toContain('Max-Age=31536000');
    expect(c).toContain('Path=/');
    expect(c).toContain('Secure');
    expect(serializeConsentCookie(acceptAll(), false)).not.toContain('Secure');
  });

  it('is secure on https and on trustworthy http origins only', () => {
    expect(cookieShouldBeSecure('https:', true)).toBe(true);
    expect(cookieShouldBeSecure('http:', true)).toBe(true);
    expect(cookieShouldBeSecure('http:', false)).toBe(false);
  });

  it('reads nothing from an absent or broken cookie, and forces essentials on', () => {
    expect(readConsentCookie('')).toBeNull();
    expect(readConsentCookie('consentManager=%7Bnot-json')).toBeNull();
    expect(readConsentCookie('consentManager=%5B%5D')).toBeNull();
    const forged = encodeURIComponent(JSON.stringify({ essentials: false, marketing: true }));
    expect(readConsentCookie(`consentManager=${forged}`)).toEqual({
      essentials: true,
      statistics: false,
      marketing: true,
      unknown: false,
    });
  });
});

describe('consent categories', () => {
  it('accept-all grants everything and keeps extra stored keys, set to true', () => {
    expect(acceptAll()).toEqual(allTrue);
    expect(acceptAll({ essentials: true, statistics: false, legacy: false })).toEqual({
      ...allTrue,
      legacy: true,
    });
  });

  it('reject-all denies everything but essentials', () => {
    expect(rejectAll()).toEqual({
      essentials: true,
      statistics: false,
      marketing: false,
      unknown: false,
      preferences: false,
    });
  });

  it('the dialog starts from the stored record, or with the optional categories unticked', () => {
    expect(choicesFrom(null)).toEqual({
      essentials: true,
      statistics: false,
      marketing: false,
      unknown: false,
      preferences: false,
    });
    expect(choicesFrom(rejectAll()).statistics).toBe(false);
    expect(choicesFrom(acceptAll(null)).marketing).toBe(true);
  });
});

describe('consent transitions', () => {
  it('shows the banner on first load without a cookie only', () => {
    expect(initialConsentState(null).bannerOpen).toBe(true);
    expect(initialConsentState(rejectAll()).bannerOpen).toBe(false);
  });

  it('accept-all, reject-all and save store and close', () => {
    const s = initialConsentState(null);
    const a = consentTransition(s, { type: 'acceptAll' });
    expect(a.store).toEqual(allTrue);
    expect(a.state).toMatchObject({ bannerOpen: false, dialogOpen: false });
    expect(consentTransition(s, { type: 'rejectAll' }).store).toEqual(rejectAll());
    const saved = consentTransition(s, {
      type: 'save',
      choices: {
        essentials: false,
        statistics: true,
        marketing: false,
        preferences: true,
        unknown: false,
      },
    });
    expect(saved.store).toEqual({
      essentials: true,
      statistics: true,
      marketing: false,
      preferences: true,
      unknown: false,
    });
    expect(saved.state.bannerOpen).toBe(false);
  });

  it('customize opens the dialog without storing', () => {
    const r = consentTransition(initialConsentState(null), { type: 'customize' });
    expect(r.store).toBeUndefined();
    expect(r.state).toMatchObject({ bannerOpen: true, dialogOpen: true });
  });

  it('by default a route change without stored consent stores nothing and keeps the banner', () => {
    expect(consentSettings.acceptOnRouteChange).toBe(false);
    expect(consentSettings.acceptOnReload).toBe(false);
    expect(consentSettings.acceptOnScroll).toBe(false);
    const open = { stored: null, bannerOpen: true, dialogOpen: false };
    const r = consentTransition(open, { type: 'routeChange' });
    expect(r.store).toBeUndefined();
    expect(r.state).toEqual(open);
  });

  it('with the accept-on-route-change setting, a route change stores the accept-all defaults', () => {
    const open = { stored: null, bannerOpen: true, dialogOpen: true };
    const r = consentTransition(
      open,
      { type: 'routeChange' },
      { ...consentSettings, acceptOnRouteChange: true },
    );
    expect(r.store).toEqual(allTrue);
    expect(r.state).toMatchObject({ bannerOpen: false, dialogOpen: false });
  });

  it('a route change with stored consent stores nothing', () => {
    const r = consentTransition(initialConsentState(rejectAll()), { type: 'routeChange' });
    expect(r.store).toBeUndefined();
    expect(r.state.stored).toEqual(rejectAll());
  });
});

describe('consent-mode signals', () => {
  it('map statistics, marketing and preferences', () => {
    expect(consentSignals({ ...rejectAll(), statistics: true })).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
    });
    const marketing = consentSignals({ ...rejectAll(), marketing: true });
    expect([marketing.ad_storage, marketing.ad_user_data, marketing.ad_personalization]).toEqual([
      'granted',
      'granted',
      'granted',
    ]);
    const prefs = consentSignals({ ...rejectAll(), preferences: true });
    expect([prefs.functionality_storage, prefs.personalization_storage]).toEqual([
      'granted',
      'granted',
    ]);
    expect(Object.values(consentSignals(null)).every((v) => v === 'denied')).toBe(true);
  });

  it('the inline bootstrap pushes default denied, then the stored record as an update', () => {
    const stored = serializeConsentCookie({ ...rejectAll(), marketing: true }, false).split(';')[0];
    // A browser's global object is `window`: give the script one that is its own window.
    const context: Record<string, unknown> = { document: { cookie: `a=1; ${stored}` } };
    context.window = context;
    runInNewContext(`${consentBootstrapScript()};this.out=window.dataLayer`, context);
    const pushes = (context.out as ArrayLike<unknown>[]).map((a) => Array.from(a));
    expect(pushes[0]).toEqual(['consent', 'default', consentSignals(null)]);
    expect(pushes[1]).toEqual([
      'consent',
      'update',
      consentSignals({ ...rejectAll(), marketing: true }),
    ]);
  });
});
