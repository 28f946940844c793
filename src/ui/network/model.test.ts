import { describe, expect, it } from 'vitest';
import { edge } from './testing';
import {
  expandUrl,
  initialState,
  merge,
  nodeDetail,
  type Network,
  type NetworkEdge,
  type NetworkNode,
} from './model';

const company = (siren: string, hop: number, expanded: boolean): NetworkNode => ({
  id: `c:${siren}`,
  kind: 'company',
  siren,
  name: `SOCIETE ${siren}`,
  held: true,
  state: 'active',
  href: `/entreprises/${siren}/societe`,
  hop,
  expanded,
  truncated: false,
});
const person: NetworkNode = {
  id: 'p:MARTIN|JEAN|1970-03',
  kind: 'person',
  directorId: 'rne:111111111:1',
  name: 'Jean MARTIN',
  birth: { year: 1970, month: 3 },
  href: null,
  hop: 1,
  expanded: false,
  truncated: false,
};
const net = (center: string, nodes: NetworkNode[], edges: NetworkEdge[]): Network => ({
  center,
  depth: 1,
  nodes,
  edges,
  truncated: false,
  limits: { perNode: 30, nodes: 150 },
});

describe('network map state in the browser', () => {
  it('merges an expanded node’s answer one hop further, once per edge', () => {
    const first = initialState(
      net('c:111111111', [company('111111111', 0, true), person], [edge(person.id, 'c:111111111')]),
    );
    const more = merge(
      first,
      net(
        person.id,
        [
          { ...person, hop: 0, expanded: true },
          company('222222222', 1, false),
          company('111111111', 1, false),
        ],
        [edge(person.id, 'c:222222222'), edge(person.id, 'c:111111111')],
      ),
      person.hop,
    );
    expect(more.byId.get(person.id)?.expanded).toBe(true);
    expect(more.byId.get('c:222222222')?.hop).toBe(2);
    // A node already on the map keeps its place.
    expect(more.byId.get('c:111111111')?.hop).toBe(0);
    expect(more.edges.length).toBe(2);
    expect(more.center).toBe('c:111111111');
  });

  it('expands through the API of the node’s kind, and says month and year only', () => {
    expect(expandUrl(person)).toBe('/api/directors/rne%3A111111111%3A1/network?depth=1');
    expect(expandUrl(company('222222222', 1, false))).toBe(
      '/api/companies/222222222/network?depth=1',
    );
    expect(nodeDetail(person)).toBe('personne, née en mars 1970');
  });
});
