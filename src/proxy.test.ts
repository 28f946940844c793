import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, ESTABLISHMENT_PARAMS, proxy } from './proxy';
import { noIndexPrefixes } from './ui/frame/rules';

describe('proxy', () => {
  it('sees every no-index path and every establishments query, and nothing else', () => {
    const paths = config.matcher.filter((m): m is string => typeof m === 'string');
    expect(paths.sort()).toEqual(noIndexPrefixes.map((p) => `${p}/:path*`).sort());
    const queries = config.matcher.flatMap((m) =>
      typeof m === 'string' ? [] : [`${m.source}?${m.has[0]!.key}`],
    );
    expect(queries.sort()).toEqual(
      ESTABLISHMENT_PARAMS.map((k) => `/entreprises/:siren/:slug?${k}`).sort(),
    );
  });

  it('marks no-index pages and sends a filtered company page to its dynamic twin', () => {
    const login = proxy(new NextRequest('http://localhost/login'));
    expect(login.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    const filtered = proxy(
      new NextRequest('http://localhost/entreprises/552032534/danone?etablissements=fermes'),
    );
    expect(filtered.headers.get('x-middleware-rewrite')).toBe(
      'http://localhost/entreprises/552032534/danone/etablissements?etablissements=fermes',
    );
    expect(filtered.headers.get('X-Robots-Tag')).toBeNull();
  });

  it('sends the POST of the account forms to their handlers, and leaves their pages alone', () => {
    for (const path of ['/register', '/login', '/forgot-password']) {
      const post = proxy(new NextRequest(`http://localhost${path}`, { method: 'POST' }));
      expect(post.headers.get('x-middleware-rewrite')).toBe(`http://localhost/api/account${path}`);
      const get = proxy(new NextRequest(`http://localhost${path}`));
      expect(get.headers.get('x-middleware-rewrite')).toBeNull();
    }
  });
});
