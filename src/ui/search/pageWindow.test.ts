import { describe, expect, it } from 'vitest';
import { pageWindow } from './pageWindow';

describe('pageWindow', () => {
  it('shows first, last and two pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(10, 25)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 25]);
    expect(pageWindow(25, 25)).toEqual([1, 'gap', 23, 24, 25]);
  });
});
