/**
 * Where the network map draws each entity, without a physics simulation (issue 38: the map opens
 * in under a second on a phone-class CPU). The first answer is a tree around the starting point,
 * hop by hop, so it is drawn as one: each entity on the ring of its hop, in the angle given to the
 * entity that brought it (its parent), each subtree an angle in proportion to the entities it
 * holds. One pass over the nodes and edges, where 120 steps of d3-force over the same 150 entities
 * took most of the opening on a slowed CPU. Rings grow so that two entities of one ring are at
 * least `SPACING` apart along it.
 *
 * Entities added by an expansion are placed around the entity expanded, away from the centre, on
 * the ring of their hop; the graph (NetworkGraph.tsx) then relaxes the whole map with d3-force,
 * loaded at that moment only.
 */
import type { NetworkEdge, NetworkNode } from './model';

export type Point = { x: number; y: number };

/** Distance between two rings. */
export const RING = 110;
/** Smallest distance between two neighbours of one ring, along the ring. */
export const SPACING = 30;

type Node = Pick<NetworkNode, 'id' | 'hop'>;

/** For each node but the centre, the neighbour one hop nearer that brought it (first by order). */
function parents(nodes: Node[], edges: NetworkEdge[], center: string): Map<string, string> {
  const hop = new Map(nodes.map((n) => [n.id, n.hop]));
  const order = new Map(nodes.map((n, i) => [n.id, i]));
  const parent = new Map<string, string>();
  const consider = (child: string, other: string) => {
    const h = hop.get(child);
    const ho = hop.get(other);
    if (h === undefined || ho === undefined || child === center || ho !== h - 1) return;
    const known = parent.get(child);
    if (known === undefined || order.get(other)! < order.get(known)!) parent.set(child, other);
  };
  for (const e of edges) {
    consider(e.source, e.target);
    consider(e.target, e.source);
  }
  // A node whose link to a nearer one is not in the answer hangs from the centre.
  for (const n of nodes) if (n.id !== center && !parent.has(n.id)) parent.set(n.id, center);
  return parent;
}

/**
 * Positions of every node on a plane centred on the starting point (0, 0): the radial tree
 * described above. Deterministic: the same answer gives the same map.
 */
export function radialLayout(
  nodes: Node[],
  edges: NetworkEdge[],
  center: string,
): Map<string, Point> {
  const parent = parents(nodes, edges, center);
  const children = new Map<string, string[]>();
  for (const n of nodes) {
    if (n.id === center) continue;
    const p = parent.get(n.id)!;
    const list = children.get(p);
    if (list) list.push(n.id);
    else children.set(p, [n.id]);
  }
  // Leaves under each node (itself when it has none): the share of the circle its subtree gets.
  const leaves = new Map<string, number>();
  const count = (id: string, depth: number): number => {
    const kids = depth < nodes.length ? (children.get(id) ?? []) : [];
    const n = kids.length ? kids.reduce((s, k) => s + count(k, depth + 1), 0) : 1;
    leaves.set(id, n);
    return n;
  };
  const total = count(center, 0);
  // The narrowest slice of ring h (the node with the fewest leaves) sets its radius: SPACING
  // along the ring at least, and RING beyond the ring inside it.
  const hopOf = new Map(nodes.map((n) => [n.id, n.hop]));
  const fewest: number[] = [];
  for (const n of nodes) {
    if (n.id === center) continue;
    fewest[n.hop] = Math.min(fewest[n.hop] ?? Infinity, leaves.get(n.id) ?? 1);
  }
  const radius: number[] = [0];
  for (let h = 1; h < fewest.length; h++) {
    const narrowest = (2 * Math.PI * (fewest[h] ?? total)) / total;
    radius[h] = Math.max(radius[h - 1]! + RING, SPACING / narrowest);
  }
  const pos = new Map<string, Point>([[center, { x: 0, y: 0 }]]);
  // Start at the top, clockwise; each child takes its slice of its parent's angle.
  const place = (id: string, from: number, span: number, depth: number) => {
    const kids = depth < nodes.length ? (children.get(id) ?? []) : [];
    let at = from;
    for (const k of kids) {
      const share = (span * leaves.get(k)!) / leaves.get(id)!;
      const angle = at + share / 2 - Math.PI / 2;
      const r = radius[hopOf.get(k) ?? 1] ?? RING;
      pos.set(k, { x: r * Math.cos(angle), y: r * Math.sin(angle) });
      place(k, at, share, depth + 1);
      at += share;
    }
  };
  place(center, 0, 2 * Math.PI, 0);
  for (const n of nodes) if (!pos.has(n.id)) pos.set(n.id, { x: 0, y: 0 });
  return pos;
}

/**
 * Positions for the nodes an expansion added, next to the entity expanded (`from`), outwards
 * from the centre on a fan; the nodes already placed keep theirs.
 */
export function placeAround(
  added: Node[],
  from: string,
  known: Map<string, Point>,
): Map<string, Point> {
  const pos = new Map(known);
  const origin = known.get(from) ?? { x: 0, y: 0 };
  const dist = Math.hypot(origin.x, origin.y);
  const out = dist > 0 ? Math.atan2(origin.y, origin.x) : -Math.PI / 2;
  const r = RING;
  // The fan is wide enough to keep them SPACING apart, at most a half circle.
  const span = Math.min(Math.PI, (added.length * SPACING) / r);
  added.forEach((n, i) => {
    const angle = out + (added.length > 1 ? -span / 2 + (span * i) / (added.length - 1) : 0);
    pos.set(n.id, { x: origin.x + r * Math.cos(angle), y: origin.y + r * Math.sin(angle) });
  });
  return pos;
}
