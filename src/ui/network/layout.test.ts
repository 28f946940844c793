import { describe, expect, it } from 'vitest';
import { placeAround, radialLayout, RING, SPACING, type Point } from './layout';
import type { NetworkEdge } from './model';
import { edge } from './testing';

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

describe('radialLayout', () => {
  // c:0 ← p:a, p:b (hop 1); p:a → c:1, c:2 ; p:b → c:3 (hop 2); c:3 also linked to p:a.
  const nodes = [
    { id: 'c:0', hop: 0 },
    { id: 'p:a', hop: 1 },
    { id: 'p:b', hop: 1 },
    { id: 'c:1', hop: 2 },
    { id: 'c:2', hop: 2 },
    { id: 'c:3', hop: 2 },
  ];
  const edges = [
    edge('p:a', 'c:0'),
    edge('p:b', 'c:0'),
    edge('p:a', 'c:1'),
    edge('p:a', 'c:2'),
    edge('p:b', 'c:3'),
    edge('p:a', 'c:3'),
  ];

  it('puts the centre at the origin and each hop on its ring', () => {
    const pos = radialLayout(nodes, edges, 'c:0');
    expect(pos.size).toBe(nodes.length);
    expect(pos.get('c:0')).toEqual({ x: 0, y: 0 });
    const origin = { x: 0, y: 0 };
    expect(dist(pos.get('p:a')!, origin)).toBeCloseTo(RING);
    expect(dist(pos.get('p:b')!, origin)).toBeCloseTo(RING);
    for (const id of ['c:1', 'c:2', 'c:3'])
      expect(dist(pos.get(id)!, origin)).toBeCloseTo(2 * RING);
  });

  it('places an entity in the slice of the one that brought it (its first nearer neighbour)', () => {
    // p:b gets a child of its own: each hop-1 entity sits in the middle of its subtree's slice.
    const pos = radialLayout(
      [...nodes, { id: 'c:4', hop: 2 }],
      [...edges, edge('p:b', 'c:4')],
      'c:0',
    );
    const outOf = (id: string, parent: string) => {
      const p = pos.get(parent)!;
      return dist(pos.get(id)!, { x: 2 * p.x, y: 2 * p.y });
    };
    // p:a holds c:1, c:2, c:3 (c:3 is linked to p:b too, but p:a comes first): c:2 in the middle;
    // were c:3 p:b's, c:4 would not be on p:b's ray.
    expect(outOf('c:2', 'p:a')).toBeCloseTo(0);
    expect(outOf('c:4', 'p:b')).toBeCloseTo(0);
    expect(outOf('c:3', 'p:b')).toBeGreaterThan(SPACING);
  });

  it('keeps the entities of a large ring at least SPACING apart, the same way every time', () => {
    const many = [{ id: 'c:0', hop: 0 }];
    const links: NetworkEdge[] = [];
    for (let i = 0; i < 10; i++) {
      many.push({ id: `p:${i}`, hop: 1 });
      links.push(edge(`p:${i}`, 'c:0'));
      for (let j = 0; j < 14; j++) {
        many.push({ id: `c:${i}-${j}`, hop: 2 });
        links.push(edge(`p:${i}`, `c:${i}-${j}`));
      }
    }
    const pos = radialLayout(many, links, 'c:0');
    const ring = many.filter((n) => n.hop === 2).map((n) => pos.get(n.id)!);
    let nearest = Infinity;
    for (let i = 0; i < ring.length; i++)
      for (let j = i + 1; j < ring.length; j++)
        nearest = Math.min(nearest, dist(ring[i]!, ring[j]!));
    expect(nearest).toBeGreaterThanOrEqual(SPACING * 0.99);
    expect(radialLayout(many, links, 'c:0')).toEqual(pos);
  });

  it('hangs an entity whose nearer link is missing from the centre, and ignores unknown ids', () => {
    const pos = radialLayout(
      [
        { id: 'c:0', hop: 0 },
        { id: 'c:9', hop: 2 },
      ],
      [edge('p:gone', 'c:9')],
      'c:0',
    );
    expect(pos.get('c:9')).toBeDefined();
    expect(Math.hypot(pos.get('c:9')!.x, pos.get('c:9')!.y)).toBeCloseTo(2 * RING);
  });
});

describe('placeAround', () => {
  it('keeps the known places and fans the new entities out from the one expanded', () => {
    const known = new Map<string, Point>([
      ['c:0', { x: 0, y: 0 }],
      ['p:a', { x: RING, y: 0 }],
    ]);
    const pos = placeAround(
      [
        { id: 'c:1', hop: 2 },
        { id: 'c:2', hop: 2 },
        { id: 'c:3', hop: 2 },
      ],
      'p:a',
      known,
    );
    expect(pos.get('c:0')).toEqual({ x: 0, y: 0 });
    expect(pos.get('p:a')).toEqual({ x: RING, y: 0 });
    for (const id of ['c:1', 'c:2', 'c:3']) {
      expect(dist(pos.get(id)!, pos.get('p:a')!)).toBeCloseTo(RING);
      // Outwards: farther from the centre than the entity expanded.
      expect(Math.hypot(pos.get(id)!.x, pos.get(id)!.y)).toBeGreaterThan(RING);
    }
    expect(dist(pos.get('c:1')!, pos.get('c:2')!)).toBeGreaterThanOrEqual(SPACING * 0.99);
  });
});
