/**
 * The network map's data in the browser: the API's answer (src/registry/network.ts) and the merge
 * of the answers of nodes expanded on click. Types only, no code from the server.
 */
import type { Network, NetworkEdge, NetworkNode } from '@/registry/network';

export type { Network, NetworkEdge, NetworkNode };

export type MapState = {
  center: string;
  nodes: Map<string, NetworkNode>;
  edges: Map<string, NetworkEdge>;
  truncated: boolean;
};

const edgeKey = (e: NetworkEdge) => `${e.source}>${e.target}>${e.role.toLowerCase()}`;

export function initialState(n: Network): MapState {
  return merge({ center: n.center, nodes: new Map(), edges: new Map(), truncated: false }, n, 0);
}

/** Adds an expanded node's answer: new nodes placed `baseHop` hops further than the answer says. */
export function merge(state: MapState, n: Network, baseHop: number): MapState {
  const nodes = new Map(state.nodes);
  for (const node of n.nodes) {
    const known = nodes.get(node.id);
    if (!known) nodes.set(node.id, { ...node, hop: node.hop + baseHop });
    else if (node.expanded && !known.expanded && node.id === n.center)
      nodes.set(node.id, { ...known, expanded: true, truncated: node.truncated });
    else if (node.id === n.center) nodes.set(node.id, { ...known, expanded: true });
  }
  const edges = new Map(state.edges);
  for (const e of n.edges) if (!edges.has(edgeKey(e))) edges.set(edgeKey(e), e);
  return { center: state.center, nodes, edges, truncated: state.truncated || n.truncated };
}

/** The API address that expands a node (its network at depth 1). */
export function expandUrl(node: NetworkNode): string {
  return node.kind === 'company'
    ? `/api/companies/${node.siren}/network?depth=1`
    : `/api/directors/${encodeURIComponent(node.directorId)}/network?depth=1`;
}

export function nodeDetail(node: NetworkNode): string {
  if (node.kind === 'company') {
    return node.held ? `entreprise, SIREN ${node.siren}` : `personne morale, SIREN ${node.siren}`;
  }
  if (!node.birth) return 'personne, naissance non publiée';
  const month = node.birth.month
    ? new Date(Date.UTC(2000, node.birth.month - 1, 1)).toLocaleDateString('fr-FR', {
        month: 'long',
        timeZone: 'UTC',
      })
    : null;
  return `personne, née en ${month ? `${month} ` : ''}${node.birth.year}`;
}
