import { describe, expect, it } from 'vitest';
import { canonicalPath, requestPath } from './canonical-path';

describe('the canonical path', () => {
  it('resolves dot segments, encoded or not, and repeated slashes', () => {
    const cases: Array<[string, string]> = [
      ['/api/companies/552032534', '/api/companies/552032534'],
      ['/api/./companies/1', '/api/companies/1'],
      ['/api/x/../companies/1', '/api/companies/1'],
      ['/api//companies/1', '/api/companies/1'],
      ['//api/companies/1', '/api/companies/1'],
      ['/api/%2e/companies/1', '/api/companies/1'],
      ['/api/x/%2E%2e/companies/1', '/api/companies/1'],
      ['/api/x/.%2e/companies/1', '/api/companies/1'],
      ['/../../api/companies/1', '/api/companies/1'],
      ['/api/companies/', '/api/companies/'],
      ['/api/companies/.', '/api/companies/'],
      ['/api/x/..', '/api/'],
      ['/', '/'],
      ['//', '/'],
      ['/.well-known/security.txt', '/.well-known/security.txt'],
      ['/a/.../b', '/a/.../b'],
      ['/a/..b/c', '/a/..b/c'],
      ['/entreprise/caf%C3%A9', '/entreprise/caf%C3%A9'],
    ];
    for (const [raw, canonical] of cases)
      expect([raw, canonicalPath(raw)]).toEqual([raw, canonical]);
  });

  it('has no form for a backslash or an encoded separator', () => {
    for (const raw of [
      '/api%2fcompanies/1',
      '/api%2Fx',
      '/api%5ccompanies',
      '/api\\companies',
      'api/x',
    ])
      expect(canonicalPath(raw)).toBeNull();
  });

  it('is what every check reads of a request target, query left out', () => {
    expect(requestPath('/api/./companies/1?x=/../y')).toBe('/api/companies/1');
    expect(requestPath(undefined)).toBe('/');
  });
});
