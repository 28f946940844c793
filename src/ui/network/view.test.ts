import { describe, expect, it } from 'vitest';
import { IDENTITY, MAX_ZOOM, MIN_ZOOM, wheelFactor, zoomAround, type View } from './view';

const screen = (v: View, p: { x: number; y: number }) => ({
  x: p.x * v.k + v.x,
  y: p.y * v.k + v.y,
});

describe('zoomAround', () => {
  it('keeps the point under the pointer where it is', () => {
    const v: View = { k: 0.8, x: 40, y: -10 };
    const under = { x: (300 - v.x) / v.k, y: (200 - v.y) / v.k };
    const z = zoomAround(v, 1.4, 300, 200);
    expect(z.k).toBeCloseTo(1.12);
    expect(screen(z, under).x).toBeCloseTo(300);
    expect(screen(z, under).y).toBeCloseTo(200);
  });

  it('stays within the zoom limits', () => {
    expect(zoomAround(IDENTITY, 100, 0, 0).k).toBe(MAX_ZOOM);
    expect(zoomAround(IDENTITY, 0.001, 0, 0).k).toBe(MIN_ZOOM);
    // At the limit, the view does not move.
    const top: View = { k: MAX_ZOOM, x: 5, y: 6 };
    expect(zoomAround(top, 2, 100, 100)).toEqual(top);
  });
});

describe('wheelFactor', () => {
  it('zooms in when the wheel turns up, out when down, as d3-zoom does with Ctrl', () => {
    expect(wheelFactor({ deltaY: -100, deltaMode: 0 })).toBeCloseTo(4);
    expect(wheelFactor({ deltaY: 100, deltaMode: 0 })).toBeCloseTo(0.25);
    expect(wheelFactor({ deltaY: -1, deltaMode: 1 })).toBeCloseTo(2 ** 0.5);
  });
});
