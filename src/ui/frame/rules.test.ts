import { describe, expect, it } from 'vitest';
import {
  adClickParams,
  canonicalUrl,
  isNoIndexPath,
  isResultPage,
  mailDomain,
  metaRulesFor,
  robotsFor,
  shellRulesFor,
  topBarItems,
} from './rules';

describe('result pages', () => {
  it('are the paths containing /resultats or index-entreprises', () => {
    expect(isResultPage('/resultats')).toBe(true);
    expect(isResultPage('/extrait-kbis/resultats')).toBe(true);
    expect(isResultPage('/index-entreprises/secteur')).toBe(true);
    expect(isResultPage('/')).toBe(false);
    expect(isResultPage('/extrait-kbis')).toBe(false);
  });

  it('show the Kbis link and the subscription notice, other pages the four counters', () => {
    expect(topBarItems('/resultats')).toMatchObject({ kbisLink: true, subscriptionNotice: true });
    const home = topBarItems('/');
    expect(home).toMatchObject({ kbisLink: false, subscriptionNotice: false });
    expect(home.stats).toEqual([
      'docAvailable',
      'searchableSiret',
      'verifiedCompanyProfile',
      'kbisAvailable',
    ]);
    expect(topBarItems('/resultats').stats).not.toEqual(home.stats);
  });
});

describe('canonicalUrl', () => {
  const site = 'https://www.registre.fr';

  it('drops every one of the 14 ad-click parameters', () => {
    expect(adClickParams).toHaveLength(14);
    const search = adClickParams.map((p, i) => `${p}=${i}`).join('&');
    expect(canonicalUrl(site, '/extrait-kbis', search)).toBe(
      'https://www.registre.fr/extrait-kbis',
    );
  });

  it('keeps other parameters in order, with or without a leading ?', () => {
    expect(canonicalUrl(site, '/resultats', '?q=michelin&gclid=abc&page=2')).toBe(
      'https://www.registre.fr/resultats?q=michelin&page=2',
    );
    expect(canonicalUrl(site, '/resultats', 'fbclid=x&q=a')).toBe(
      'https://www.registre.fr/resultats?q=a',
    );
  });

  it('uses the site host, not the path of the site URL, and matches parameter names case-insensitively', () => {
    expect(canonicalUrl('http://localhost:3000/', '/', '?GCLID=1')).toBe('http://localhost:3000/');
  });
});

describe('robots', () => {
  it('noindexes account, payment, login, register, orders and forgot-password pages', () => {
    for (const p of [
      '/mon-compte',
      '/paiement-securise',
      '/payment',
      '/successful-payment',
      '/login',
      '/register',
      '/commandes/42',
      '/forgot-password',
      '/password-reset/abc',
    ]) {
      expect(robotsFor(p), p).toBe('noindex, nofollow');
    }
  });

  it('leaves public pages indexable, including look-alike paths', () => {
    for (const p of ['/', '/extrait-kbis', '/resultats', '/login-entreprise', '/documents']) {
      expect(isNoIndexPath(p), p).toBe(false);
    }
  });

  it('switches off structured data and the canonical on private pages and company profiles', () => {
    expect(metaRulesFor('/login')).toMatchObject({
      structuredData: false,
      canonicalAndSocial: false,
    });
    expect(metaRulesFor('/entreprises/552032534/danone').structuredData).toBe(false);
    expect(metaRulesFor('/dirigeants/jean-dupont-1970-01/jean-dupont').structuredData).toBe(false);
    expect(metaRulesFor('/dirigeants/article/choisir').structuredData).toBe(true);
    expect(metaRulesFor('/')).toMatchObject({
      robots: undefined,
      structuredData: true,
      canonicalAndSocial: true,
    });
  });
});

describe('mailDomain', () => {
  it('takes the request host without port or www', () => {
    expect(mailDomain('www.registre.fr', 'http://x')).toBe('registre.fr');
    expect(mailDomain('registre.com:8443', 'http://x')).toBe('registre.com');
    expect(mailDomain('127.0.0.1:3000', 'http://x')).toBe('127.0.0.1');
  });

  it('falls back to the site URL host', () => {
    expect(mailDomain(null, 'https://www.registre.fr')).toBe('registre.fr');
    expect(mailDomain('', 'https://registre.fr')).toBe('registre.fr');
  });
});

describe('shellRulesFor', () => {
  it('hides header and footer on document loading pages, the footer on payment', () => {
    expect(shellRulesFor('/documents/loading/12')).toEqual({ header: 'hidden', footer: false });
    expect(shellRulesFor('/paiement-securise')).toEqual({ header: 'static', footer: false });
  });

  it('fixes the header on result pages and profiles, leaves it static elsewhere', () => {
    expect(shellRulesFor('/marques/resultats').header).toBe('fixed');
    expect(shellRulesFor('/entreprises/552032534/danone').header).toBe('fixed');
    expect(shellRulesFor('/')).toEqual({ header: 'static', footer: true });
  });
});
