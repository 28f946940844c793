import {
  forceCollide,
  forceLink,
  forceManyBody,
  forceSimulation,
  forceX,
  forceY,
  type SimulationLinkDatum,
  type SimulationNodeDatum,
} from 'd3-force';
import type { Point } from './layout';
import type { NetworkEdge, NetworkNode } from './model';

/**
 * After an expansion, the whole map relaxed by d3-force from the places it has (the new entities
 * start next to the one expanded, layout.ts): overlaps pushed apart, links kept short. A chunk of
 * its own, loaded by NetworkGraph.tsx at the first expansion only: the map's opening draws the
 * radial layout and needs none of this.
 */

type SimNode = SimulationNodeDatum & { id: string };
type SimLink = SimulationLinkDatum<SimNode>;

export function relax(
  nodes: Pick<NetworkNode, 'id'>[],
  edges: NetworkEdge[],
  center: string,
  known: Map<string, Point>,
): Map<string, Point> {
  const sim: SimNode[] = nodes.map((n) => {
    const at = known.get(n.id) ?? { x: 0, y: 0 };
    return n.id === center
      ? { id: n.id, x: at.x, y: at.y, fx: at.x, fy: at.y }
      : { id: n.id, x: at.x, y: at.y };
  });
  const ids = new Set(sim.map((n) => n.id));
  const links: SimLink[] = edges
    .filter((e) => ids.has(e.source) && ids.has(e.target))
    .map((e) => ({ source: e.source, target: e.target }));
  const simulation = forceSimulation(sim)
    .force(
      'link',
      forceLink<SimNode, SimLink>(links)
        .id((d) => d.id)
        .distance(90),
    )
    .force('charge', forceManyBody().strength(-160))
    .force('collide', forceCollide(24))
    .force('x', forceX(0).strength(0.02))
    .force('y', forceY(0).strength(0.02))
    .stop();
  // Fixed steps from a low temperature, no animation: the places already given mostly stay.
  simulation.alpha(0.3);
  for (let i = 0; i < 120; i++) simulation.tick();
  return new Map(sim.map((n) => [n.id, { x: n.x ?? 0, y: n.y ?? 0 }]));
}
