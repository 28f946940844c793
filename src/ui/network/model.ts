/**
 * The network map's data in the browser: the API's answer (src/registry/network.ts) and the merge
 * of the answers of nodes expanded on click. Imports only types from the server.
 */
import type { Network, NetworkEdge, NetworkNode } from '@/registry/network';

export type { Network, NetworkEdge, NetworkNode };

export type MapState = {
  center: string;
  byId: Map<string, NetworkNode>;
  /** Nearest first, then by name: new arrays only when the data changes (the graph's layout). */
  nodes: NetworkNode[];
  edges: NetworkEdge[];
  truncated: boolean;
};

const edgeKey = (e: NetworkEdge) => `${e.source}>${e.target}>${e.role.toLowerCase()}`;

export function initialState(n: Network): MapState {
  return merge({ center: n.center, byId: new Map(), nodes: [], edges: [], truncated: false }, n, 0);
}

/** Adds an expanded node's answer: new nodes placed `baseHop` hops further than the answer says. */
export function merge(state: MapState, n: Network, baseHop: number): MapState {
  const byId = new Map(state.byId);
  for (const node of n.nodes) {
    const known = byId.get(node.id);
    if (!known) byId.set(node.id, { ...node, hop: node.hop + baseHop });
    // The node expanded keeps its place on the map; its links are now all there (up to the cap).
    else if (node.id === n.center)
      byId.set(node.id, { ...known, expanded: true, truncated: node.truncated });
  }
  const keys = new Set(state.edges.map(edgeKey));
  const edges = [...state.edges];
  for (const e of n.edges) {
    if (keys.has(edgeKey(e))) continue;
    keys.add(edgeKey(e));
    edges.push(e);
  }
  const nodes = [...byId.values()].sort(
    (a, b) => a.hop - b.hop || a.name.localeCompare(b.name, 'fr'),
  );
  return { center: state.center, byId, nodes, edges, truncated: state.truncated || n.truncated };
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

/** One answer of the network API (`{ data: { data: Network } }`), or its French error message. */
export async function fetchNetwork(url: string): Promise<Network> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  const body = (await res.json()) as { data?: { data?: Network }; error?: { message?: string } };
  if (!res.ok || !body.data?.data) {
    throw new Error(body.error?.message ?? 'Le réseau n’a pas pu être chargé.');
  }
  return body.data.data;
}
