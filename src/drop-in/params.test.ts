import { describe, expect, it } from 'vitest';
import { parseDropInParams } from './params';

describe('the drop-in’s parameters', () => {
  it('ignores unknown parameters named like Object’s own properties', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const r = parseDropInParams(new URLSearchParams(`q=danone&${name}=1`), 'search');
      expect([name, 'status' in r ? r : 'ok']).toEqual([name, 'ok']);
    }
  });

  it('still counts only real criteria: a lone `constructor` is no search criterion', () => {
    const r = parseDropInParams(new URLSearchParams('constructor=1'), 'search');
    expect(JSON.stringify(r)).not.toContain('native code');
  });
});
